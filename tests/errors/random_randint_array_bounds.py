import cupy as cp

x = cp.random.randint(cp.zeros(3), 5)
