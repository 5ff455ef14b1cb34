import cupy as cp

x = cp.arange(5)
x[x > 2] = cp.array([7, 8])
print(x)
x[x > 0] = cp.array([1, 2, 3])
print(x)
