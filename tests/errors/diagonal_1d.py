import cupy as cp

x = cp.arange(4)
d = cp.diagonal(x)
