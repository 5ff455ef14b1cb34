# recur.c, in place: a loop whose one elementwise kernel stores into whole fresh arrays that
# it reads at the same element (mandelbrot's merged selects), the loop variable read only by
# the kernel, runs the loop per element in one kernel.  Kept as loops: arrays that may share
# memory (parameters), the loop variable in host arithmetic, a NEP 50 check that may raise
# inside the loop, a store into a slice.
import cupy as cp


def mandel(n, lo, hi):
    C = cp.ones((n, n), dtype=cp.complex128) * 0.25
    N = cp.zeros((n, n), dtype=cp.int64)
    Z = cp.zeros((n, n), dtype=cp.complex128)
    for it in range(lo, hi, -2):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    return N, it


def params(Z, C, N):
    for it in range(5):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]


def host_math(n):
    A = cp.arange(n, dtype=cp.float64)
    for t in range(4):
        A[A > 3] = t * 2
    return A


def small_int(n):
    A = cp.zeros(n, dtype=cp.int8)
    for t in range(200):
        A[A >= 0] = t
    return A


def slice_dst(n):
    A = cp.zeros(n)
    for t in range(3):
        A[1:] = A[1:] + t
    return A


print(mandel(4, 9, 0))
Z = cp.zeros((3, 3), dtype=cp.complex128)
params(Z, Z + 0.25, cp.zeros((3, 3), dtype=cp.int64))
print(host_math(6), small_int(3), slice_dst(4))
