import cupy as cp

a = cp.arange(6).reshape(2, 3)
print(cp.compress(a > 2, a))
