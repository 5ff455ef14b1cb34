# Matrix-vector products of an elementwise value (lower/compose.c matvec_fused): `P @ v` and
# `v @ P` with P made by elementwise ops just there become one fused reduction over P's
# operands (sum(P * v, axis=-1), sum(v[:, None] * P, axis=-2)); plain arrays, views, values
# used again and integer or float16 products stay cuBLAS (or the integer kernel) products.
# Values are small dyadic numbers, so every order of summation gives NumPy's bits.
import cupy as cp


def gesummv(alpha, beta, A, B, x):
    return alpha * A @ x + beta * B @ x


A = cp.arange(20, dtype=cp.float64).reshape(4, 5) % 7 - 3.0
B = cp.arange(20, dtype=cp.float64).reshape(4, 5) % 5 * 0.5
x = cp.arange(5, dtype=cp.float64) * 0.25 - 0.5
u = cp.arange(4, dtype=cp.float64) - 1.5

# gesummv's form, in dtypes that take the rewrite and the ones that do not
print(gesummv(1.5, 1.25, A, B, x))
print(gesummv(1.5, 1.25, A.astype(cp.float32), B.astype(cp.float32), x.astype(cp.float32)))
print(gesummv(1.5, 1.25, A + 1j, B - 0.5j, x + 0.25j))
print(gesummv(1.5, 1.25, A.astype(cp.complex64), B.astype(cp.complex64), x.astype(cp.complex64)))
print(gesummv(2, 3, A.astype(cp.int32), B.astype(cp.int32), cp.arange(5, dtype=cp.int32)))
print(gesummv(0.5, 2.0, A.astype(cp.float16), B.astype(cp.float16), x.astype(cp.float16)))

# a vector on the left (a column reduction), JAX's form, other producers
print(u @ (2.0 * A), cp.matmul(u, A * 0.5))
print((1.5 * A + 1.25 * B) @ x)
print(cp.where(A > 0, A, 0.0) @ x, cp.exp(A * 0.0) @ x, (-A) @ x)
print(A.astype(cp.float32) @ x, (A * u[:, None]) @ x, (A + cp.zeros((1, 5))) @ x)
print((A[:, :1] + cp.zeros((1, 5))) @ x)          # P's last axis broadcast from 1
print(cp.einsum('ij,j->i', 2.0 * A, x), cp.matmul(A + B, x))

# a batch of matrices against one vector, on either side
T = cp.arange(2 * 4 * 5, dtype=cp.float64).reshape(2, 4, 5) % 9 - 4.0
print((T * 0.5) @ x, u @ (T + 1.0), ((T * 0.5) @ x).shape, (u @ (T + 1.0)).shape)

# not rewritten: plain arrays, views, a value stored first, the 1-d dot
P = 2.0 * A
print(A @ x, A.T @ u, P @ x, P, cp.dot(2.0 * A, x), (2.0 * x) @ (2.0 * x))

# edge shapes: empty core, empty rows, one row, one column
print((cp.ones((3, 0)) * 2.0) @ cp.ones(0), (cp.ones((0, 4)) * 2.0) @ cp.ones(4), ((cp.ones((0, 4)) * 2.0) @ cp.ones(4)).shape)
print((A[:1] * 2.0) @ x, (A[:, :1] * 2.0) @ x[:1], x[:4] @ (A[:, :1] - 1.0))

# the terms are NumPy's: inf * 0 is NaN in the term whose x is 0
Ai = A.copy()
Ai[1, 2] = cp.inf
print((Ai * 1.0) @ x, (Ai * 1.0) @ cp.ones(5), x[:4] @ (Ai * -1.0))

# rows long enough for the reduction's vector path, with operands broadcast along them (stride
# 0: a 0-d alpha as NPBench passes it, a column u[:, None], a (1,) array): one element loaded
# and repeated; rows of odd length (a scalar tail), misaligned rows (the scalar path)
M = (cp.arange(64 * 1000, dtype=cp.float64).reshape(64, 1000) % 7 - 3.0) * 0.25
xv = (cp.arange(1000, dtype=cp.float64) % 5) * 0.5
al = cp.float64(1.5)
be = cp.float64(1.25)
g = gesummv(al, be, M, M[::-1], xv)
print(g[:6], float(g.sum()), float((g * cp.arange(64)).sum()))
uc = cp.arange(64, dtype=cp.float64) % 3 - 1.0
print(((M * uc[:, None]) @ xv)[:6], float(((M * cp.ones(1)) @ xv).sum()), float(((al * M) @ xv).sum()))
M3 = (cp.arange(64 * 1003, dtype=cp.float32).reshape(64, 1003) % 7 - 3.0) * 0.25
x3 = (cp.arange(1003, dtype=cp.float32) % 5) * 0.5
g3 = gesummv(cp.float32(1.5), 2.0, M3, M3, x3)
print(g3.dtype, g3[:4], float(g3.sum()))
M1 = (cp.arange(64 * 1001, dtype=cp.float64).reshape(64, 1001) % 7 - 3.0) * 0.25
x1 = (cp.arange(1001, dtype=cp.float64) % 5) * 0.5
print(float(gesummv(al, be, M1, M1, x1).sum()), float(((al * M1[:, 1:]) @ x1[1:]).sum()))
