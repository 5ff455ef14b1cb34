import cupy as cp

s = cp.ones(3).sum()
print(s @ cp.ones(3))
