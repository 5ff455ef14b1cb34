import cupy as cp

a = cp.ones((2, 2, 3))
b = cp.ones((3, 3, 2))
print(cp.matmul(a, b))
