import cupy as cp

y = cp.interp(cp.ones(3), cp.ones((2, 2)), cp.arange(3))
