import cupy as cp

x = cp.random.randint(5, 5, size=3)
