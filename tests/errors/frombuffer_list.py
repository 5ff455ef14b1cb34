import cupy as cp

x = cp.frombuffer([1, 2], dtype=cp.uint8)
