import cupy as cp

s = cp.zeros((2, 2))
print(cp.searchsorted(s, 1.0))
