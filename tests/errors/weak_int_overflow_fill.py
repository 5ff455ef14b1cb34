import cupy as cp

x = cp.zeros(4, dtype=cp.uint32)
x.fill(4294967295)
x.fill(-5)
