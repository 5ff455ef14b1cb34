import cupy as cp

a = cp.arange(6)
print(cp.take(a, cp.array([0.5])))
