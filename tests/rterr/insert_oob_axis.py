import cupy as cp

a = cp.arange(24).reshape(4, 6)
print(cp.insert(a, -6, 0, axis=1))
print(cp.insert(a, -7, 0, axis=1))
