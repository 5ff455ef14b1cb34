import cupy as cp

m = cp.ones((2, 4))
print(cp.cov(m,
             cp.ones((2, 2, 4))))
