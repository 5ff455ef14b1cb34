import cupy as cp

a = cp.arange(3)
print(cp.ldexp(1.5, a, dtype=cp.float32))
