import cupy as cp

print(cp.linalg.solve(cp.ones((2, 3)), cp.ones((2, 1))))
