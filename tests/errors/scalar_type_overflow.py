import cupy as cp

x = cp.int8(300)
