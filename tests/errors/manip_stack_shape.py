import cupy as cp

print(cp.stack([cp.ones((2, 3)), cp.ones(3)]))
