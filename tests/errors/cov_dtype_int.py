import cupy as cp

m = cp.ones((2, 4))
print(cp.cov(m,
             dtype=cp.int32))
