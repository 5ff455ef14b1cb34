import cupy as cp

a = cp.ones((2, 3))
print(cp.einsum(a, [0, 1], a, [1, 2], [0, 0]))
