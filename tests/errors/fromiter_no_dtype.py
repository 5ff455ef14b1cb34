import cupy as cp

x = cp.fromiter(range(3), dtype=None)
