import cupy as cp

a = cp.arange(5.0)
print(cp.histogram(a, bins=3, range=(4.0, 1.0)))
