import cupy as cp

x = cp.load("no_such_file.npy")
print(x)
