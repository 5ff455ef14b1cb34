import cupy as cp

a = cp.arange(5.0)
h, e = cp.histogram(a, bins=cp.array([0.0, 3.0, 2.0]))
print(h)
