import cupy as cp

print(cp.random.zipf(1.0, size=3))
