import cupy as cp

p = cp.poly1d(cp.eye(2), r=True)
