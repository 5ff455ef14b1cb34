import cupy as cp

x = cp.random.normal(0.0, 1.0, size=3, dtype=cp.int32)
