import cupy as cp

print(cp.fliplr(cp.arange(3)))
