import cupy as cp

a = cp.arange(6)
b = cp.array([1.0, 3.0])
print(a[b[0]:b[1]])
