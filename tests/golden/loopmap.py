# loopmap.c: loops whose iterations are independent become one operation over all of them,
# under a run-time test (`if`: rows in range, no overlap of two variables), with the loop as
# written in the else branch (the IR shows both: after and before).  rows: the index i
# becomes a slice; cols: the slice is moved to the front (transpose); floyd: a read of the
# invariant row k makes the loop one operation over copies of row k and column k (made in one
# bundle with the iterations' values), the rows after k reading the new row k as a select;
# shifted: row k read at other columns than the store's: two pieces over copies, up to and
# after i == k; two_stores: three pieces around i == k (a second store after the first);
# window: a slice that moves
# with i becomes one strided view of all the windows (as_strided); kept: a recurrence.
import cupy as cp


def rows(C, X, Y):
    for i in range(1, C.shape[0]):
        C[i] = (X[i] * Y).sum()


def cols(A, B):
    for j in range(A.shape[1]):
        A[:, j] = B[:, j] * j


def floyd(path, k):
    for i in range(path.shape[0]):
        path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def shifted(A, k):
    for i in range(A.shape[0]):
        A[i, 1:] = A[i, :-1] + A[k, :-1]


def two_stores(A, B, k):
    for i in range(A.shape[0]):
        A[i, :] = A[i, :] + 1
        B[i, :] = A[k, :] * 2


def window(out, x, K):
    for i in range(out.shape[0]):
        out[i] = x[i:i + K].sum()


def kept(A):
    for i in range(1, A.shape[0]):
        A[i] = A[i - 1] * 0.5


X = cp.ones((4, 3))
C = cp.zeros(4)
rows(C, X, cp.arange(3.0))
A = cp.zeros((3, 4))
cols(A, cp.ones((3, 4)))
P = cp.ones((4, 4))
floyd(P, 2)
shifted(P, 3)
two_stores(P, cp.zeros((4, 4)), 1)
window(C, cp.arange(6.0), 3)
kept(C)
print(C, A, P)
