import cupy as cp

a = cp.arange(4)
del a[1]
