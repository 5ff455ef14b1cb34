import cupy as cp

print(cp.pad(cp.arange(3), 1, mode='median'))
