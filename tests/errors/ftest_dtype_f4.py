import cupy as cp

a = cp.arange(3)
print(cp.isinf(a, dtype='f4'))
