# triprod.c: a row loop storing a triangle of a matrix product (by columns and rows, the
# start c = 0 or 1 past the row) becomes the product over all rows and two masked stores,
# under a run-time test, with the loop as written in the else branch; kept: a start below
# the row (iterations would overlap).
import cupy as cp


def cov(C, D, s):
    for i in range(C.shape[0]):
        C[i:, i] = C[i, i:] = D[:, i] @ D[:, i:] / s


def corr(C, D):
    for i in range(C.shape[0] - 1):
        C[i + 1:, i] = C[i, i + 1:] = D[:, i] @ D[:, i + 1:]


def kept(C, D):
    for i in range(1, C.shape[0]):
        C[i, i - 1:] = D[:, i] @ D[:, i - 1:]


D = cp.ones((5, 4))
C = cp.zeros((4, 4))
cov(C, D, cp.float64(4.0))
corr(C, D)
kept(C, D)
print(C)
