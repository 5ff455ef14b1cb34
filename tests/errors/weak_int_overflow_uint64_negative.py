import cupy as cp

x = cp.zeros(2, dtype=cp.uint64)
x[0] = 0
x[1:] = -1
