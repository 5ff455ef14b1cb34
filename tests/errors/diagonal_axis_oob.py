import cupy as cp

x = cp.eye(3)
d = cp.diagonal(x, 0, 0,
                -3)
