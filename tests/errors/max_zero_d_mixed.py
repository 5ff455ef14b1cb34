import cupy as cp

f = cp.array([1.5, -2.5])
print(min(f[0], 0))
