import cupy as cp

x = cp.add(cp.arange(3) * 1.5, 1, dtype=cp.int32)
