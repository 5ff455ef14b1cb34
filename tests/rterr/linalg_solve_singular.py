import cupy as cp

A = cp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [2.0, 4.0, 6.0]])
x = cp.linalg.solve(A, cp.ones(3))
print(x)
