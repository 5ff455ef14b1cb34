import cupy as cp

a = cp.arange(3, dtype=cp.uint8)
b = cp.clip(a, -5, 300)
c = cp.clip(a, 256, 1000)
