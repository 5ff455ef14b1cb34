import cupy as cp

A = cp.ones((4, 2, 3))
print(cp.linalg.det(A))
