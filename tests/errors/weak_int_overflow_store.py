import cupy as cp

x = cp.zeros(3, dtype=cp.uint8)
x[0] = 255
x[1] = 300
