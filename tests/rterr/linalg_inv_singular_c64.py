import cupy as cp

A = cp.zeros((3, 3), dtype=cp.complex64)
print(cp.linalg.inv(A))
