import cupy as cp

x = cp.ravel_multi_index((cp.array([0]), cp.array([1])), (3, 4, 5))
