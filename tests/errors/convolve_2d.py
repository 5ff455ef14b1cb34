import cupy as cp

x = cp.convolve(cp.ones((3, 3)), cp.ones(2))
