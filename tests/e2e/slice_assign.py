# slice assignment (scalars, arrays, broadcasting), overlapping a[1:] = a[:-1], in-place ops
import cupy as cp

u = cp.zeros((5, 6))
u[1:-1, 1:-1] = 1.0
print(u)
u[0, :] = cp.arange(6)
u[:, 0] = -2
print(u)
u[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]) / 4
print(u)
a = cp.arange(8)
a[1:] = a[:-1]
print(a)
b = cp.arange(8)
b[:-1] = b[1:]
print(b)
c = cp.arange(6)
c[::2] = cp.array([10, 20, 30])
print(c)
c[2] = 7
c[-1] = c[0] + 1
print(c)
d = cp.zeros((3, 4), dtype=cp.int32)
d[:, 1:3] = cp.array([5, 6])
d[2] = 9
print(d)
e = cp.ones(5)
e[1:4] = cp.arange(3)
e[:2] = 2.5
print(e)
f = cp.arange(5, dtype=cp.float32)
f[1:3] = 1.75
print(f, f.dtype)
g = cp.arange(6)
g[1:5] = g[::-1][1:5]
print(g)
