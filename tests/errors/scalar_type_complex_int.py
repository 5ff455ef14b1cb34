import cupy as cp

x = cp.int16(2j)
