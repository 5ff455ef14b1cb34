import cupy as cp

print(cp.linalg.norm(cp.ones((2, 2)), axis=(1, -1)))
