import cupy as cp

m = cp.ones((2, 3))
print(cp.var(m, axis=2))
