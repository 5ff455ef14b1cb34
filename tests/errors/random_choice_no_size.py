import cupy as cp

x = cp.random.choice(5)
