import cupy as cp

m = cp.array([True, False])
print(m - m)
