import cupy as cp

b = cp.array([True, False])
print(cp.ptp(b))
