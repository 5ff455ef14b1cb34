import cupy as cp

x = cp.sqrt(cp.arange(3), dtype=cp.int64)
