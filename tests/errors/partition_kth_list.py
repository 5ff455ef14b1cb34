import cupy as cp

a = cp.array([3, 1, 2, 5])
print(cp.partition(a, [1, 2]))
