import cupy as cp

print(cp.diag(cp.ones((2, 2, 2))))
