import cupy as cp

a = cp.array([1.0, float("inf"), 2.0])
h, e = cp.histogram(a, bins=3)
print(h)
