import cupy as cp

m = cp.ones((2, 4))
print(cp.cov(m, fweights=[1, 2, 1, 1],
             dtype=bool))
