import cupy as cp

s = cp.sum(cp.arange(3))
print(cp.nonzero(s))
