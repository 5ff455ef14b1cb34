import cupy as cp

a = cp.ones((2, 3))
b = cp.ones((4, 5))
print(a @ b)
