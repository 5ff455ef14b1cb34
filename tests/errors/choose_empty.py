import cupy as cp

x = cp.choose(cp.array([0, 1]), [])
