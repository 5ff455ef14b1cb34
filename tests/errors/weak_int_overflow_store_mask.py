import cupy as cp

x = cp.arange(4, dtype=cp.int8)
x[x > 1] = -128
x[x < 0] = 128
