import cupy as cp

a = cp.zeros((2, 3))
a.T.shape = 6
