import cupy as cp

m = cp.ones((2, 3, 4))
print(cp.average(m, axis=1, weights=cp.ones((3, 4))))
