import cupy as cp

x = cp.less(cp.arange(3), 1, dtype=cp.float32)
