import cupy as cp

m = cp.ones((2, 3))
v = cp.arange(4.0)
print(m @ v)
