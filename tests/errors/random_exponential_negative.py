import cupy as cp

x = cp.random.exponential(-1.0, size=3)
