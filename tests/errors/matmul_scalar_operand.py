import cupy as cp

a = cp.ones((2, 2))
print(a @ 2)
