import cupy as cp

m = cp.ones((2, 3, 4))
print(cp.cov(
    m))
