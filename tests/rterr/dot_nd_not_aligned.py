import cupy as cp

a = cp.ones((2, 3, 4))
b = cp.ones((5, 6, 7))
print(cp.dot(a, b))
