# storered.c: gemver's update `A += outer(u1, v1) + outer(u2, v2)` runs in the kernel of the
# column reduction `beta * y @ A` (vecdot.c), t0, with its two groups kept as the fallback;
# a row reduction after `M[...] = ...` likewise (t1)
import cupy as cp


def gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z):
    A += cp.outer(u1, v1) + cp.outer(u2, v2)
    x += beta * y @ A + z
    w += alpha * A @ x


n = 8
v = cp.arange(n, dtype=cp.float64)
A = v[:, None] * v[None, :]
w = cp.zeros(n)
x = cp.zeros(n)
gemver(cp.float64(1.5), cp.float64(1.2), A, v, v / 2, v / 3, v / 4, w, x, v / 5, v / 6)
print(A, w, x)
M = cp.ones((4, 3))
b = cp.array([1.0, 2.0, 3.0])
M[...] = M * 0.5 + b[None, :]
print((M * b[None, :]).sum(axis=1))
