import cupy as cp

a = cp.arange(4)
print(a[1, 2])
