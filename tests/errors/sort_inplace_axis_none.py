import cupy as cp

a = cp.array([[3, 1], [2, 0]])
a.sort(axis=None)
