import cupy as cp

m = cp.ones(3)
print(cp.average(m, weights=2.0))
