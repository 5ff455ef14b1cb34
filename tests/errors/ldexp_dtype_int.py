import cupy as cp

a = cp.arange(3)
print(cp.ldexp(a, 2, dtype=cp.int64))
