import cupy as cp

a = cp.arange(3)
print(cp.logical_or(a, a, dtype=int))
