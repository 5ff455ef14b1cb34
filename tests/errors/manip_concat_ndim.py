import cupy as cp

m = cp.ones((2, 3))
print(cp.concatenate([m, cp.ones(3)]))
