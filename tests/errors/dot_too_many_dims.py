import cupy as cp

a = cp.ones((2, 2, 2, 2, 2, 2))
print(cp.dot(a, a).shape)
