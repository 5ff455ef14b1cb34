import cupy as cp

x = cp.array([1, 2], dtype=cp.uint64)
print(cp.bincount(x))
