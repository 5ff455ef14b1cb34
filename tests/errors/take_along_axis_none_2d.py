import cupy as cp

x = cp.take_along_axis(cp.zeros((2, 3)), cp.zeros((2, 1), dtype=cp.int64), axis=None)
