import cupy as cp

x = cp.zeros((2, 2), dtype=cp.int64)
print(cp.bincount(x))
