import cupy as cp

parts = [cp.ones((2, 2)), cp.zeros((2, 2))]
print(cp.concatenate(parts, axis=None))
