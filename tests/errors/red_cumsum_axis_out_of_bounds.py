import cupy as cp

m = cp.ones((2, 3))
print(cp.cumsum(m, axis=-3))
