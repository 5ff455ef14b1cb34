import cupy as cp

m = cp.ones((3, 4))
q = cp.full((1, 1, 1, 1, 1, 1, 1, 1), 0.5)
print(cp.quantile(m, q, axis=0))
