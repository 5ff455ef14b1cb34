import cupy as cp

a = cp.arange(5)
rows = [0, 2]
print(a[rows])
