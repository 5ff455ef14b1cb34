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
# column recurrences (adi, deriche): column j from columns j-1 and j-2 of the same array; the
# views interleave without sharing bytes, so no copy is needed (rt_store_needs_copy)
y = cp.zeros((4, 7))
x = cp.arange(28, dtype=cp.float64).reshape(4, 7) * 0.5
y[:, 0] = 1.0
y[:, 1] = x[:, 1]
for j in range(2, 7):
    y[:, j] = 0.5 * x[:, j] + 0.25 * y[:, j - 1] - 0.125 * y[:, j - 2]
print(y)
for j in range(4, -1, -1):
    y[1:3, j] = y[1:3, j + 1] * 2.0 + y[1:3, j + 2]
print(y)
# rows of one array: whole rows interleave with nothing; shifted elements overlap
z = cp.arange(20, dtype=cp.float32).reshape(4, 5)
for i in range(1, 4):
    z[i, :] = z[i - 1, :] + z[i, :]
print(z)
z[:, 1:] = z[:, :-1] * 10.0
print(z)
w = cp.arange(12, dtype=cp.int64).reshape(3, 4)
w[:, 1] = w[:, 0] + w[:, 2] + w[:, 3]
w.T[1:, :] = w.T[:-1, :] + 1
print(w)
