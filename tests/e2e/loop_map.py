# loop_map.py: loopmap.c (loop to map) — loops whose iterations are independent run as one
# operation over all iterations; loops with a dependence, and loops whose rows are out of
# range at run time, run as written.  Every result is compared with NumPy's.
import cupy as cp


def rows_scaled(A, B, n):
    for i in range(n):
        A[i, :] = B[i, :] * 2 + 1
    return i


def rows_reduce(C, X, Y, lo, hi):
    for i in range(lo, hi):
        C[i] = (X[i] * Y).sum()


def cols(A, B):
    for j in range(A.shape[1]):
        A[:, j] = B[:, j] - A[:, j] * 0.5


def strided(A, B, n):
    for i in range(1, n, 2):
        A[i] = B[i - 1] + B[i]


def reversed_rows(A, B, n):
    for i in range(n - 1, -1, -1):
        A[i, 1:] = B[i, :-1] * 3 + A[i, 0]


def flipped(A, B, n):
    for i in range(n - 1, -1, -1):
        A[n - 1 - i, 1:] = B[i, :-1] * 3


def floyd(path):
    for k in range(path.shape[0]):
        for i in range(path.shape[0]):
            path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def two_statements(A, B, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] + 1
        B[i, :] = A[k, :] * 2


def symm_inner(alpha, C, A, B, temp2, i):
    for j in range(C.shape[1]):
        C[:i, j] += alpha * B[i, j] * A[i, :i]
        temp2[j] = B[:i, j] @ A[i, :i]


def axis_reduce(out, X):
    for i in range(X.shape[0]):
        out[i, :] = X[i].max(axis=0) - X[i].min(axis=1)


def shifted(A, B, d):
    for i in range(A.shape[0] - d):
        A[i + d, :] = B[i, :] + A[i + d, :]


def wrap(A, B):
    for i in range(A.shape[0]):
        A[i - 1, :] = B[i, :] * 2


def gram_inner(A, Q, R, k):
    for j in range(k + 1, A.shape[1]):
        R[k, j] = cp.dot(Q[:, k], A[:, j])
        A[:, j] -= Q[:, k] * R[k, j]


def bins(res, data, radius, npt):
    rmax = radius.max()
    for i in range(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        m = cp.logical_and(r1 <= radius, radius < r2)
        res[i] = data[m].mean()


def scaled_by_index(A, B):
    for i in range(A.shape[0] - 1, 0, -2):
        A[i, :] = B[i, :] * i - (i + 1)


def recurrence(A, B):
    for i in range(1, A.shape[0]):
        A[i] = A[i - 1] + B[i]


def reads_all(A):
    for i in range(A.shape[0]):
        A[i] = A.sum()


def not_elementwise(A, B):
    for i in range(A.shape[0]):
        A[i] = cp.cumsum(B[i])


def masked(A, M):
    for i in range(A.shape[0]):
        A[i][M[i]] = 0


def mask_aliases_row0(A):
    for i in range(A.shape[0]):
        A[i][A[0] > 2] = -1


def mask_aliases_next(A):
    for i in range(A.shape[0] - 1):
        A[i][A[i + 1] > 2] = -1


def with_break(A, B):
    for i in range(A.shape[0]):
        if i == 3:
            break
        A[i] = B[i] * 2


def with_print(A, B):
    for i in range(A.shape[0]):
        A[i] = B[i] + 1
        print("row", i)


def same_array(A, B):
    for i in range(A.shape[0]):
        A[i] = B[i] + 1


n = 6
B = cp.arange(n * 5, dtype=cp.float32).reshape(n, 5)
A = cp.zeros((n, 5), dtype=cp.float32)
last = rows_scaled(A, B, n)
print(A, last)

X = cp.arange(40, dtype=cp.float64).reshape(8, 5) % 7
Y = cp.arange(5.0)
C = cp.full(8, -1.0)
rows_reduce(C, X, Y, 2, 7)
print(C)
rows_reduce(C, X, Y, 5, 5)
print(C)

A2 = cp.arange(12.0).reshape(3, 4)
cols(A2, cp.ones((3, 4)))
print(A2)

A3 = cp.zeros((7, 3), dtype=cp.int32)
strided(A3, cp.arange(21, dtype=cp.int32).reshape(7, 3), 7)
print(A3)

A4 = cp.ones((4, 4))
reversed_rows(A4, cp.arange(16.0).reshape(4, 4), 4)
print(A4)
flipped(A4, cp.arange(16.0).reshape(4, 4), 4)
print(A4)

N = 9
gi = cp.arange(N, dtype=cp.int32).reshape(N, 1)
gj = cp.arange(N, dtype=cp.int32).reshape(1, N)
path = gi * gj % 7 + 1
path[(gi + gj) % 5 == 0] = 99
floyd(path)
print(path)

# split at the iteration that writes row k (k = 1); a negative k counts from the end: as written
for k in (1, -1):
    At = cp.arange(8.0).reshape(4, 2)
    Bt = cp.zeros((4, 2))
    two_statements(At, Bt, k)
    print(At, Bt)

Cs = cp.arange(25.0).reshape(5, 5) % 4
As = cp.arange(25.0).reshape(5, 5) % 3 + 1
Bs = cp.arange(25.0).reshape(5, 5) % 5
t2 = cp.zeros(5)
symm_inner(1.5, Cs, As, Bs, t2, 3)
print(Cs)
print(t2)

X3 = (cp.arange(60, dtype=cp.int64).reshape(5, 3, 4) * 7) % 11
o3 = cp.zeros((5, 3), dtype=cp.int64)
axis_reduce(o3, X3[:, :, :3].transpose(0, 2, 1))
print(o3)

A5 = cp.ones((6, 2))
shifted(A5, cp.arange(12.0).reshape(6, 2), 2)
print(A5)

Ag = cp.arange(20.0).reshape(4, 5) % 6 + 1
Qg = cp.arange(20.0).reshape(4, 5) % 4
Rg = cp.zeros((5, 5))
gram_inner(Ag, Qg, Rg, 1)
print(Ag)
print(Rg)

res = cp.zeros(5)
rad = (cp.arange(40) * 37 % 40) / 40.0
bins(res, cp.arange(40.0) % 7, rad, 5)
print(res)

Ai = cp.zeros((7, 2), dtype=cp.int64)
scaled_by_index(Ai, cp.arange(14).reshape(7, 2))
print(Ai)

# run-time fallbacks: rows out of range (a negative index counts from the end), no iteration
A6 = cp.zeros((4, 2))
rows_scaled(A6, cp.arange(8.0).reshape(4, 2), 4)
wrap(A6, cp.arange(8.0).reshape(4, 2))
print(A6)

# kept: a real cross-iteration dependence, a read of the whole array, an f that is not
# elementwise, a mask that reads the next row of its target, a break, a print (a mask that
# reads row 0 of its target splits the loop at i == 0)
R = cp.ones((5, 3))
recurrence(R, cp.arange(15.0).reshape(5, 3))
print(R)
W = cp.ones(4)
reads_all(W)
print(W)
Q = cp.zeros((3, 4))
not_elementwise(Q, cp.arange(12.0).reshape(3, 4))
print(Q)
Mk = cp.arange(12.0).reshape(3, 4)
masked(Mk, Mk > 5)
print(Mk)
Ma = cp.arange(12.0).reshape(3, 4) % 5
mask_aliases_row0(Ma)
print(Ma)
Mb = cp.arange(12.0).reshape(3, 4) % 5
mask_aliases_next(Mb)
print(Mb)
Bk = cp.zeros((5, 2))
with_break(Bk, cp.ones((5, 2)))
print(Bk)
Pk = cp.zeros((2, 2))
with_print(Pk, cp.ones((2, 2)))
print(Pk)

# two variables holding one array: the run-time overlap test runs the loop as written
S = cp.arange(10.0).reshape(5, 2)
same_array(S[1:], S[:-1])
print(S)
