import cupy as cp

m = cp.ones((2, 3))
print(m.sum(axis=2))
