import cupy as cp

a = cp.ones((2, 3))
print(cp.linalg.matrix_power(a, 2))
