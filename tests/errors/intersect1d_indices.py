import cupy as cp

a = cp.array([3, 1, 2, 5])
print(cp.intersect1d(a, a, return_indices=True))
