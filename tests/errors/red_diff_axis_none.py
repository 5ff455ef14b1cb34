import cupy as cp

x = cp.arange(5)
print(cp.diff(x, axis=None))
