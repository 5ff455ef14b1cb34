# graphloop.c: bodies captured with every iteration ([graph each]) that branch, nest a loop or
# make arrays dying in the iteration: Floyd-Warshall's k loop (loopmap.c's test, its copies of
# row and column k and the fused store, the loop as written in the else branch, itself
# marked), syrk's nested loop, a branch on the iteration's host value with a copy in it.
import cupy as cp


def floyd(path):
    for k in range(path.shape[0]):
        for i in range(path.shape[0]):
            path[i, :] = cp.minimum(path[i, :], path[i, k] + path[k, :])


def syrk(alpha, beta, C, A):
    for i in range(A.shape[0]):
        C[i, :i + 1] *= beta
        for k in range(A.shape[1]):
            C[i, :i + 1] += alpha * A[i, k] * A[:i + 1, k]


def branchy(m, b, n):
    for i in range(n):
        if i % 2 == 0:
            c = b.copy()
            m[:, i] += c[:, i] * 2.0
        else:
            m[1:, i] = m[:-1, i] + 0.25


p = cp.ones((8, 8), dtype=cp.int32)
floyd(p)
C = cp.ones((6, 6))
syrk(1.5, 1.2, C, C[:, :4] * 0.5)
m = cp.ones((4, 8))
branchy(m, m * 0.5, 8)
print(p, C, m)
