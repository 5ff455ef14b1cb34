import cupy as cp

print(cp.linalg.tensorsolve(cp.ones((2, 3, 4)), cp.ones((2, 3))))
