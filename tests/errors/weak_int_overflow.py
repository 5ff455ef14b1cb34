import cupy as cp

a = cp.arange(3, dtype=cp.uint8)
b = a + 300
