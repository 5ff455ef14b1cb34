import cupy as cp

x = cp.ones((3, 4)
print(x)
