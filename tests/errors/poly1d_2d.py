import cupy as cp

p = cp.poly1d(cp.ones((2, 2)))
