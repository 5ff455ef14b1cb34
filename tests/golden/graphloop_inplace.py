# graphloop.c: two arrays updated in place and augmented assignments with a step: captured
import cupy as cp
a = cp.ones(1024, dtype=cp.float32)
b = cp.ones(1024, dtype=cp.float32)
n = 100
for i in range(n):
    a[:] = a * 0.5 + b
    b[:] = b * 0.9 + a
for i in range(2, n, 3):
    a += b
    a *= 0.5
    b[0:10] -= 1.0
print(a, b, i)
