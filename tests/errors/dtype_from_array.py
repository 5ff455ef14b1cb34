import cupy as cp

x = cp.arange(3.0)
print(cp.dtype(x).kind)
