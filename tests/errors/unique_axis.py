import cupy as cp

m = cp.array([[1, 2], [1, 2]])
print(cp.unique(m, axis=0))
