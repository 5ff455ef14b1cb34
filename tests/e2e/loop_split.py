# loop_split.py: loopmap.c's split loops over copies — a loop that writes row i of an array
# and reads one loop-invariant row k of it runs over copies of row k and of what each
# iteration reads of its own row besides the stored view: as one operation whose iterations
# after the one that writes row k read the value it stores (floyd, part, reversed_own,
# shifted_row, columns, float_into_int), or in two pieces, up to and after that iteration
# (shifted_views, row_sum: row k read at other elements than the stored ones; row_k_at_i,
# row_k_window, row_k_mixed: row k read at the loop's column, A[k, i], or through a window,
# a read of row k and not of the own row, so the iterations after k read its new values).
# Negative paths (Floyd-Warshall with negative cycles), rows read through other views, a
# shifted row, columns, a float body stored into ints, k outside the loop's rows and a
# negative k (as written).  Every result is compared with NumPy's.
import cupy as cp


def floyd(path):
    for k in range(path.shape[0]):
        for i in range(path.shape[0]):
            path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def part(path, k, lo, hi):
    for i in range(lo, hi):
        path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def reversed_own(A, k):
    # the own row read reversed: each iteration reads its row as it was before its store
    for i in range(A.shape[0]):
        A[i, :] = A[i, ::-1] * 2 + A[k, :]


def shifted_views(A, k):
    for i in range(A.shape[0]):
        A[i, 1:] = A[i, :-1] + A[k, 1:] - A[k, 0]


def shifted_row(A, k):
    for i in range(A.shape[0] - 1):
        A[i + 1, :] = cp.maximum(A[i + 1, :], A[i + 1, 0] - A[k, :])


def columns(A, k):
    for j in range(A.shape[1]):
        A[:, j] = A[:, j] * 0.5 + A[:, k] + A[k, j]


def float_into_int(A, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] * 0.5 + A[k, :] + 1


def row_sum(A, k):
    # a reduction of row k: a kernel of its own before the store
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] - A[k, :].sum() + A[i, k]


def row_k_at_i(A, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] + A[k, i]


def row_k_window(A, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] * 2 + A[k, i:i + 3].sum()


def row_k_mixed(A, k):
    # beside a row-k read of the stored elements (which alone would make the loop one
    # operation): A[k, i] keeps it in two pieces
    for i in range(A.shape[0]):
        A[i, :] = cp.minimum(A[i, :], A[k, :] + A[k, i])


N = 7
gi = cp.arange(N).reshape(N, 1)
gj = cp.arange(N).reshape(1, N)
for dt in (cp.int32, cp.float64, cp.float32):
    path = ((gi * 3 + gj * 5) % 11 - 3).astype(dt)
    floyd(path)
    print(path.dtype, path)

base = ((gi * 3 + gj * 5) % 11 - 4).astype(cp.int64)
for k, lo, hi in ((3, 0, N), (0, 0, N), (6, 0, N), (2, 3, 6), (5, 1, 4), (4, 4, 5), (3, 3, 4), (-1, 0, N)):
    p = base.copy()
    part(p, k, lo, hi)
    print(k, lo, hi, p)

A = (cp.arange(30.0).reshape(5, 6) * 7) % 9 - 4
for k in (0, 2, 4):
    for f in (reversed_own, shifted_views, shifted_row, row_sum, columns):
        B = A.copy()
        f(B, k)
        print(B)
Ai = ((cp.arange(20, dtype=cp.int32).reshape(4, 5) * 5) % 7) - 3
for k in (0, 1, 3):
    B = Ai.copy()
    float_into_int(B, k)
    print(B)
C = ((cp.arange(42.0).reshape(6, 7) * 5) % 9) - 4
for k in (0, 2, 3, 5):
    for f in (row_k_at_i, row_k_window, row_k_mixed):
        B = C.copy()
        f(B, k)
        print(B)
