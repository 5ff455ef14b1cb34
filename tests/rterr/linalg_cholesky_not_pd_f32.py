import cupy as cp

A = cp.stack([cp.eye(3, dtype=cp.float32), -cp.eye(3, dtype=cp.float32)])
print(cp.linalg.cholesky(A))
