import cupy as cp

x = cp.array([3, 0, 2, 1])
print(cp.bincount(x, weights=cp.ones(3)))
