import cupy as cp

print(cp.divmod("a", 2))
