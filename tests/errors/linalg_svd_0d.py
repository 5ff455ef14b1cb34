import cupy as cp

print(cp.linalg.svd(cp.float64(2.0)))
