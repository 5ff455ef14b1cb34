import cupy as cp

a = cp.arange(5)
m = cp.any(a > 2)
print(a[m])
