import cupy as cp

s = cp.array([1, 2, 3])
print(cp.searchsorted(s, 2, side="middle"))
