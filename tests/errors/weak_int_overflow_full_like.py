import cupy as cp

a = cp.zeros(3, dtype=cp.int8)
b = cp.full_like(a, 127)
c = cp.full_like(a, -129)
