import cupy as cp

print(cp.linalg.matrix_power(cp.ones(3), 2))
