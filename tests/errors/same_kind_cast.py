import cupy as cp

a = cp.arange(4)
a += 1.5
