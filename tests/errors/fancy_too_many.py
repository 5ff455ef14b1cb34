import cupy as cp

a = cp.arange(6).reshape(2, 3)
m = a > 2
print(a[m, 0])
