import cupy as cp

A = cp.eye(3)
A[1, 1] = cp.nan
print(cp.linalg.svd(A, compute_uv=False))
