import cupy as cp

x = cp.zeros((2, 3), dtype=cp.uint16)
x[:, 1:] = 0
x[0] = -1
