import cupy as cp

m = cp.ones((2, 4))
print(cp.cov(m,
             aweights=cp.ones(4, dtype=cp.complex64)))
