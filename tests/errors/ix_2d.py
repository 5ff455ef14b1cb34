import cupy as cp

x = cp.ix_(cp.zeros((2, 2), dtype=cp.int64))
