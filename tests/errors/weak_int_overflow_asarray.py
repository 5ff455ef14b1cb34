import cupy as cp

a = cp.asarray([-1, 2], dtype=cp.int16)
b = cp.asarray([-1, 2], dtype=cp.uint64)
