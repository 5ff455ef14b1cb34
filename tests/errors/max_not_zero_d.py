import cupy as cp

a = cp.ones(3)
print(max(a, 2.0))
