import cupy as cp

scale = cp.array([1.0, -2.0])
print(cp.random.exponential(scale))
