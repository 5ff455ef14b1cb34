import cupy as cp

A = cp.ones((2, 3, 3)) + cp.eye(3)
print(cp.linalg.solve(A, cp.ones((4, 3, 1))))
