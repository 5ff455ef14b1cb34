import cupy as cp

u = cp.zeros(3, dtype=cp.uint8)
u += cp.arange(3)
