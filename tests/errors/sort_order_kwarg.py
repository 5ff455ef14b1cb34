import cupy as cp

a = cp.array([3, 1, 2])
print(cp.sort(a, order="x"))
