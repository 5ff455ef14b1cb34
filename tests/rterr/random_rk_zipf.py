import cupy as cp

a = cp.array([2.0, 0.5])
print(cp.random.zipf(a))
