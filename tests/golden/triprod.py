# triprod.c: a row loop storing a triangle of a matrix product (by columns and rows, the
# start c = 0 or 1 past the row) becomes the product over all rows and two masked stores,
# under a run-time test, with the loop as written in the else branch; kept: a start below
# the row (iterations would overlap).  Called for two dtypes, each copy of a loop is mapped
# (loopmap.c skips a loop by its instruction, not its line).
import cupy as cp


def cov(C, D, s):
    for i in range(C.shape[0]):
        C[i:, i] = C[i, i:] = D[:, i] @ D[:, i:] / s


def corr(C, D):
    for i in range(C.shape[0] - 1):
        C[i + 1:, i] = C[i, i + 1:] = D[:, i] @ D[:, i + 1:]


def rows(C, X):
    for i in range(C.shape[0]):
        C[i] = X[i] * 2.0


def kept(C, D):
    for i in range(1, C.shape[0]):
        C[i, i - 1:] = D[:, i] @ D[:, i - 1:]


D = cp.ones((5, 4))
C = cp.zeros((4, 4))
cov(C, D, cp.float64(4.0))
corr(C, D)
kept(C, D)
C32 = cp.zeros((4, 4), dtype=cp.float32)
cov(C32, D.astype(cp.float32), cp.float32(4.0))
rows(C, D)
rows(C32, D.astype(cp.float32))
print(C, C32)
