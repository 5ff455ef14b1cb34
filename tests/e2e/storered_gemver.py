# A store fused into the reduction after it (compiler/passes/storered.c): gemver's rank-2
# update `A += outer(u1, v1) + outer(u2, v2)` writes A in the kernel of `beta * y @ A`'s column
# reduction (vecdot.c makes it one), so A is read once and written once.  Sizes that take the
# column-vector, column and split paths of the reduction; float64, float32 and complex128; the
# update read back afterwards by the row reduction `alpha * A @ x` and printed.
import cupy as cp


def gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z):
    A += cp.outer(u1, v1) + cp.outer(u2, v2)
    x += beta * y @ A + z
    w += alpha * A @ x


def inputs(n, dtype):
    i = cp.arange(n, dtype=cp.float64)
    A = ((i[:, None] * i[None, :]) % n / n).astype(dtype)
    if A.dtype == cp.complex128:
        A = A + 0.5j * cp.cos(i[:, None] - i[None, :])
    u1 = cp.sin(i).astype(dtype)
    u2 = ((i + 1) / n / 2.0).astype(dtype)
    v1 = ((i + 1) / n / 4.0).astype(dtype)
    v2 = cp.cos(i * 0.5).astype(dtype)
    w = cp.zeros(n, dtype=dtype)
    x = cp.zeros(n, dtype=dtype)
    y = ((i + 1) / n / 8.0).astype(dtype)
    z = ((i + 1) / n / 9.0).astype(dtype)
    return A, u1, v1, u2, v2, w, x, y, z


def run(n, dtype):
    A, u1, v1, u2, v2, w, x, y, z = inputs(n, dtype)
    gemver(cp.float64(1.5), cp.float64(1.2), A, u1, v1, u2, v2, w, x, y, z)
    return A, w, x


A, w, x = run(5, cp.float64)
print(A)
print(w)
print(x)
for n in (6, 64, 301, 2000):
    A, w, x = run(n, cp.float64)
    print(n, float(A.sum()), float(cp.abs(A).max()), float(x.sum()), float(w.sum()), float(x[n // 3]))
A, w, x = run(37, cp.float32)
print(A.dtype, x.dtype, float(A.sum()), float(x.sum()), float(w.sum()))
A, w, x = run(7, cp.complex128)
print(A[2])
print(x)
print(w)

# other reductions that read what a store just wrote: rows, all axes, max, argmax
M = cp.arange(48.0).reshape(12, 4)
b = cp.array([0.5, -1.0, 2.0, 0.25])
M[...] = M * 0.5 + b[None, :]
s = (M * b[None, :]).sum(axis=1)
print(M)
print(s)
M += 1.0
t = M.sum()
print(t)
v = cp.arange(12.0) % 5.0 - 2.0
M -= v[:, None]
print(M.max(axis=0))
M *= -2.0
print(cp.argmax(M, axis=1))
print(M.sum())
# a float32 array updated with float64 values: the reduction reads the float32 value stored
F = cp.ones((4, 3), dtype=cp.float32)
F += cp.array([1e-9, 0.1, 1.0 / 3.0])[None, :]
print(F.dtype, cp.array([1.0, 2.0, 3.0, 4.0], dtype=cp.float32) @ F)
