import cupy as cp

x = cp.load("npy_load_not_npy.py")
print(x)
