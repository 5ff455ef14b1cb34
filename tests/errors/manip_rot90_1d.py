import cupy as cp

print(cp.rot90(cp.arange(3)))
