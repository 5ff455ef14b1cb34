import cupy as cp

a = cp.arange(3, dtype=cp.uint16)
b = cp.maximum(a, -1)
