import cupy as cp

x = cp.random.randint(0, 300, size=3, dtype=cp.int8)
