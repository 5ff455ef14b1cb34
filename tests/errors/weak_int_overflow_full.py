import cupy as cp

a = cp.full(3, 300)
b = cp.full(3, 300.0, dtype=cp.uint8)
c = cp.full((2, 2), 300, dtype=cp.uint8)
