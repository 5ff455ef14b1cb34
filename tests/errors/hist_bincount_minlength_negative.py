import cupy as cp

x = cp.array([1, 2])
print(cp.bincount(x, minlength=-1))
