import cupy as cp

a = cp.arange(3, dtype=cp.int8)
b = cp.clip(a, -1000, 1000)
c = a.clip(0, -129)
