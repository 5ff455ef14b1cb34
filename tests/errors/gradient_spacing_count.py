import cupy as cp

gy, gx = cp.gradient(cp.ones((3, 3)), 1.0, 2.0, 3.0)
