import cupy as cp

print(cp.empty((2, 3), dtype=cp.float32, order='X').shape)
