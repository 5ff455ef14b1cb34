import cupy as cp

m = cp.zeros((2, 3))
print(cp.sort(m, axis=2))
