# masked.c: scatters through a mask whose values are elementwise in gathers through the same
# mask become selects (where + store_into, no adv_index / adv_store); reductions of such a
# gather become masked reductions (sum of where; the mean divides by the mask's count; max
# and min of where with -inf / inf, and an empty_flag of any(mask) for the empty selection).
# Left as gathers: another mask, a value of the count's length, argmax.  fuse.c then merges
# the two selects of mandel_local's iteration (and the mask) into one kernel; mandel's stay
# two, its parameters N and Z may be one array.
import cupy as cp


def mandel(Z, C, N, horizon, maxiter):
    for n in range(maxiter):
        I = cp.less(abs(Z), horizon)
        N[I] = n
        Z[I] = Z[I] ** 2 + C[I]


def mandel_local(n, horizon, maxiter):
    C = cp.ones((n, n), dtype=cp.complex128) * 0.25
    N = cp.zeros((n, n), dtype=cp.int64)
    Z = cp.zeros((n, n), dtype=cp.complex128)
    for it in range(maxiter):
        I = cp.less(abs(Z), horizon)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    return N


def bins(data, radius, r1, r2):
    return data[(r1 <= radius) & (radius < r2)].mean()


def kept(A, B, m1, m2):
    A[m1] = B[m2] + 1.0
    A[m1] = cp.array([1.0, 2.0])
    return A[m1].argmax()


def spread(data, m):
    return data[m].max() - data[m].min()


Z = cp.zeros((8, 8), dtype=cp.complex128)
C = cp.ones((8, 8), dtype=cp.complex128) * 0.25
N = cp.zeros((8, 8), dtype=cp.int64)
mandel(Z, C, N, 2.0, 10)
print(N)
print(mandel_local(8, 2.0, 10))
d = cp.arange(10.0)
print(bins(d, d * 0.5, 1.0, 3.0))
print(kept(d, d * 2.0, d < 2.0, d > 7.0))
print(spread(d, d > 4.0))
