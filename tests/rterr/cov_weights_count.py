# cov: one weight per observation (RuntimeError at run time)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.0], [1.0, 0.5, 3.0, 2.0]])
print(cp.cov(m, aweights=cp.ones(4)))
print(cp.cov(m, fweights=cp.ones(3, dtype=cp.int64)))
