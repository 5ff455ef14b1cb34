import cupy as cp

m = cp.ones((2, 4))
print(cp.cov(m,
             fweights=cp.ones((2, 4), dtype=cp.int64)))
