import cupy as cp

r = cp.roots(cp.array([True, False]))
