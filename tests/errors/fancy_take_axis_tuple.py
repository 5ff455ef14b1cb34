import cupy as cp

a = cp.arange(6).reshape(2, 3)
print(cp.take(a, cp.array([0]), axis=(0, 1)))
