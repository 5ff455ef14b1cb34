import cupy as cp

x = cp.array([1.0, 2.0])
print(cp.bincount(x))
