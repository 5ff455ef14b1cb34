import cupy as cp

cp.save("/tmp/gpyc-errors-npy_load_pickle.npy", cp.zeros(3))
x = cp.load("/tmp/gpyc-errors-npy_load_pickle.npy", allow_pickle=True)
print(x)
