import cupy as cp

A = cp.ones((2, 3))
print(cp.linalg.inv(A))
