import cupy as cp

r = cp.roots(cp.ones((2, 2)))
