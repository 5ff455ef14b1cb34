import cupy as cp

x = cp.float32(1 + 2j)
