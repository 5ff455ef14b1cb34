import cupy as cp

r = cp.roots(7.0)
