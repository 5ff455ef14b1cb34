import cupy as cp

a, b = (1, 2, 3)
