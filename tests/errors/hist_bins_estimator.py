import cupy as cp

a = cp.arange(6.0)
print(cp.histogram(a, bins="auto"))
