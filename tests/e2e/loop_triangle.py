# triprod.c: a row loop storing a triangle of a matrix product becomes one product and masked
# stores (NPBench's covariance and correlation), under a run-time test, else the loop as
# written.  Each case prints the result; the cases the pass must not take (a slice start
# below the row, C overlapping D, no iteration) print what the loop computes.
import cupy as cp


def covariance(M, float_n, data):
    mean = cp.mean(data, axis=0)
    data -= mean
    cov = cp.zeros((M, M), dtype=data.dtype)
    for i in range(M):
        cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M] / (float_n - 1.0)
    return cov


def correlation(M, data):
    corr = cp.eye(M, dtype=data.dtype)
    for i in range(M - 1):
        corr[i + 1:M, i] = corr[i, i + 1:M] = data[:, i] @ data[:, i + 1:M]
    return corr


def rows_only(C, D, E):
    # row store only, D[i, :] and E[i:, :] @ x, float32
    for i in range(1, C.shape[0]):
        C[i, i:] = E[i:, :] @ D[i, :] * 2.0 + 1.0
    return i


def cols_only(C, D, E, K):
    # column store only, a start two past the row, an end K below the extent
    for j in range(2, 6):
        C[j + 2:K, j] = D[:, j] @ E[:, j + 2:K] - 0.5
    return j


def below(C, D):
    # a slice start below the row: iterations overlap, the loop runs as written
    for i in range(1, C.shape[0]):
        C[i, i - 1:] = D[:, i] @ D[:, i - 1:] + C[i - 1, i - 1]
    return C


def aliased(C, D):
    # C is D: the run-time test fails, the loop runs as written (row i reads the columns
    # earlier rows wrote)
    for i in range(C.shape[0]):
        C[i, i:] = D[:, i] @ D[:, i:] * 0.125
    return C


n, m = 9, 7
gi = cp.arange(n, dtype=cp.float64).reshape(n, 1)
gj = cp.arange(m, dtype=cp.float64).reshape(1, m)
data = (gi * gj) / m + cp.sin(gi + 2 * gj)
print(covariance(m, cp.float64(n), data.copy()))
print(correlation(m, data.copy() / 10.0))

D32 = cp.cos(cp.arange(6 * 4, dtype=cp.float32).reshape(6, 4))
E32 = cp.sin(cp.arange(6 * 4, dtype=cp.float32).reshape(6, 4) * 0.5)
C32 = cp.full((6, 6), -1.0, dtype=cp.float32)
last = rows_only(C32, D32, E32)
print(last)
print(C32)

D = cp.cos(cp.arange(5 * 8, dtype=cp.float64).reshape(5, 8))
C = cp.zeros((8, 8))
print(cols_only(C, D, D * 2.0, 7))
print(C)

Cb = cp.ones((5, 5))
print(below(Cb, cp.sin(cp.arange(25.0).reshape(5, 5))))

A = cp.cos(cp.arange(16.0).reshape(4, 4))
print(aliased(A, A))

Z = cp.zeros((3, 3))
for i in range(3, 3):
    Z[i, i:3] = A[:, i] @ A[:, i:3]
print(Z)
