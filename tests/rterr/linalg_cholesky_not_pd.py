import cupy as cp

A = cp.array([[1.0, 2.0], [2.0, 1.0]])
print(cp.linalg.cholesky(A))
