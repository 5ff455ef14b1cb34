import cupy as cp

x = cp.arange(4)
print(cp.iinfo(x).max)
