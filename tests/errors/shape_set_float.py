import cupy as cp

a = cp.ones(6)
a.shape = 2.5
