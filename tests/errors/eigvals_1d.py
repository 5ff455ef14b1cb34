import cupy as cp

w = cp.linalg.eigvals(cp.ones(3))
