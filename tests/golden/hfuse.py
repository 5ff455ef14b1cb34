# hfuse.c: independent elementwise kernels of one block become one launch (a bundle)
import cupy as cp
a = cp.ones(1000, dtype=cp.float32)
b = cp.ones(500)
c = cp.ones((20, 30), dtype=cp.float32)
p = a * 2.0 + 1.0
q = cp.sqrt(b) - 3.0
r = c * c
print(p, q, r)
