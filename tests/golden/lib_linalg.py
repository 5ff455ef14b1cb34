# library calls: solve, inv, det and cholesky (cuSOLVER) and norm (a reduction)
import cupy as cp
A = cp.eye(8) * 4.0 + 1.0
b = cp.ones(8)
x = cp.linalg.solve(A, b)
print(x, cp.linalg.inv(A), cp.linalg.det(A))
print(cp.linalg.cholesky(A), cp.linalg.norm(x))
