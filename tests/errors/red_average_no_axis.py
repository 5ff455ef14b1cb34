import cupy as cp

m = cp.ones((2, 3))
print(cp.average(m, weights=cp.ones(3)))
