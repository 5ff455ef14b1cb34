import cupy as cp

a = cp.arange(5)
i = cp.array([1.0, 2.0])
print(a[i])
