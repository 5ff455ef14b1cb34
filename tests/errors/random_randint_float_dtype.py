import cupy as cp

x = cp.random.randint(0, 3, dtype=cp.float32)
