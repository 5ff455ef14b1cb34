import cupy as cp

print(cp.moveaxis(cp.ones((2, 3, 4)), (0, 1), 2))
