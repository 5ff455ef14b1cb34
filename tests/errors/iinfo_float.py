import cupy as cp

print(cp.iinfo(cp.float32).max)
