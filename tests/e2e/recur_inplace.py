# In-place elementwise recurrences (compiler/passes/recur.c, "in place"): at -O2 a loop whose
# one kernel stores into whole fresh arrays it reads at the same element, reading the loop
# variable (mandelbrot's iteration), runs the loop per element in one kernel.  The results
# must equal the loop's (the -O0 run and NumPy execute the loops as written), including the
# loop variable after the loop, empty and negative ranges, and the loops left as written.
import cupy as cp


def grid(n):
    X = cp.linspace(-2.0, 0.5, n, dtype=cp.float64)
    Y = cp.linspace(-1.25, 1.25, n, dtype=cp.float64)
    return X + Y[:, None] * 1j


def report(Z, N, it):
    print(it, N.shape, int(N.sum()), int(N.max()), int(N.min()))
    print(N[::3, ::3])
    print(cp.round(Z.real[::4, ::4], 6))
    print(cp.round(Z.imag[::4, ::4], 6))


# steps 1, 2 and -3 (the step must be a constant); ranges of run-time bounds, empty ones too
def mandel1(n, lo, hi):
    C = grid(n) * 1.0    # fresh local arrays: they share no memory
    N = cp.zeros(C.shape, dtype=cp.int64)
    Z = cp.zeros(C.shape, dtype=cp.complex128)
    it = -1
    for it in range(lo, hi):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    report(Z, N, it)


def mandel2(n, lo, hi):
    C = grid(n) * 1.0    # fresh local arrays: they share no memory
    N = cp.zeros(C.shape, dtype=cp.int64)
    Z = cp.zeros(C.shape, dtype=cp.complex128)
    it = -1
    for it in range(lo, hi, 2):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    report(Z, N, it)


def mandel_down(n, lo, hi):
    C = grid(n) * 1.0    # fresh local arrays: they share no memory
    N = cp.zeros(C.shape, dtype=cp.int64)
    Z = cp.zeros(C.shape, dtype=cp.complex128)
    it = -1
    for it in range(lo, hi, -3):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    report(Z, N, it)


mandel1(13, 0, 12)
mandel1(13, 5, 5)
mandel1(13, 9, 3)
mandel1(13, 4, 5)
mandel2(13, 3, 20)
mandel2(13, 7, 8)
mandel_down(13, 20, 0)
mandel_down(13, 0, 20)


def float32_count(n, T):
    # float32 state and an int32 counter written from the loop variable: NEP 50's range
    # check of the loop variable may raise inside the loop, so it stays a loop
    A = cp.linspace(0.0, 1.0, n, dtype=cp.float32)
    K = cp.zeros(n, dtype=cp.int32)
    for t in range(1, T):
        m = A < 3.0
        K[m] = t
        A[m] = A[m] + 0.125
    return A, K, t


A, K, t = float32_count(10, 40)
print(A, K, t, A.dtype, K.dtype)


def write_only(n, T):
    # the destination is only written (never read) by the kernel
    B = cp.ones(n, dtype=cp.float64)
    W = cp.zeros(n, dtype=cp.int64)
    for t in range(T):
        W[B > 0.5] = t
    return W


print(write_only(4, 6), write_only(3, 0))


def params(Z, C, N, T):
    # parameters may share memory: left as a loop
    for it in range(T):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    return Z, N


Z0 = cp.full((2, 3), 0.1 + 0.2j)
N0 = cp.zeros((2, 3), dtype=cp.int64)
print(params(Z0, Z0, N0, 6))     # C is Z itself


def host_math(n):
    # the loop variable in host arithmetic: left as a loop
    A = cp.arange(n, dtype=cp.float64)
    for t in range(4):
        A[A > 3] = t * 2 + 0.5
    return A


print(host_math(7))
