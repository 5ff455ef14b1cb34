import cupy as cp

A = cp.ones((3, 2))
print(cp.linalg.eigvalsh(A))
