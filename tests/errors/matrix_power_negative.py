import cupy as cp

print(cp.linalg.matrix_power(cp.eye(2), -1))
