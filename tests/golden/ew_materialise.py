# fuse.c: a value used by two kernels and by print is materialised; its users fuse apart
import cupy as cp
x = cp.ones(1000, dtype=cp.float32)
a = x + 1.0
b = a * 2.0
c = a * 3.0
print(a, b, c)
