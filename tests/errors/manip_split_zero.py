import cupy as cp

print(cp.array_split(cp.arange(6), 0))
