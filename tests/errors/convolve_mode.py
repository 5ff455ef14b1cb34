import cupy as cp

x = cp.convolve(cp.ones(3), cp.ones(2), mode="middle")
