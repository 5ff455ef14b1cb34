# Boolean-mask updates and reductions that masked.c (compiler/passes/masked.c) rewrites as a
# select over the whole array and masked reductions, and the forms it must leave as gathers.
import cupy as cp


def mandel(n, maxiter):
    X = cp.linspace(-2.0, 0.5, n, dtype=cp.float64)
    Y = cp.linspace(-1.25, 1.25, n, dtype=cp.float64)
    C = X + Y[:, None] * 1j
    N = cp.zeros(C.shape, dtype=cp.int64)
    Z = cp.zeros(C.shape, dtype=cp.complex128)
    for it in range(maxiter):
        I = cp.less(abs(Z), 2.0)
        N[I] = it
        Z[I] = Z[I] ** 2 + C[I]
    N[N == maxiter - 1] = 0
    return Z, N


def azimint(data, radius, npt):
    rmax = radius.max()
    res = cp.zeros(npt, dtype=cp.float64)
    for i in range(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        mask_r12 = cp.logical_and((r1 <= radius), (radius < r2))
        values_r12 = data[mask_r12]
        res[i] = values_r12.mean()
    return res


def updates(A, B, m):
    # f of gathers, with dtype promotion: float32 * float + float64 → float64, stored as float32
    A[m] = A[m] * 2.0 + B[m]
    return A


def extremes(x, m):
    # masked max and min (identity: the dtype's lowest / highest; an empty mask would raise)
    print(x[m].max(), x[m].min(), cp.max(x[m]), cp.amin(x[m]), x[m].max() == x[m].min())


def reductions(x, m):
    print(x[m].sum(), x[m].mean(), x[m].prod(), x[m].any(), x[m].all())
    print(cp.sum(x[m]), cp.mean(x[m]), cp.sum(x[m], axis=0), x[m].sum(dtype=cp.float32))


Z, N = mandel(24, 12)
print(N)
print(cp.round(Z.real[::5, ::5], 6))
print(cp.round(Z.imag[::5, ::5], 6))

data = cp.arange(40, dtype=cp.float64) * 0.25 - 3.0
radius = cp.abs(cp.sin(cp.arange(40, dtype=cp.float64)))
print(azimint(data, radius, 7))
print(azimint(data, radius, 60))    # most bins empty: the mean of nothing is nan

A = cp.arange(12, dtype=cp.float32).reshape(3, 4)
B = cp.linspace(0.0, 1.0, 12).reshape(3, 4)
print(updates(A, B, A > 5.0))
print(updates(A, B, A > 1000.0))    # an empty mask: nothing changes
print(updates(A, B, A < 1000.0))    # all true

# integer target, float f: setitem casts (truncation toward zero)
K = cp.arange(-6, 6, dtype=cp.int32)
k3 = K % 3 == 0
K[k3] = K[k3] * 1.5 + 0.25
print(K)
# bool target and bool mask aliasing it
Bo = cp.array([True, False, True, True, False])
Bo[Bo] = False
print(Bo)
Bo2 = cp.array([True, False, True, True, False])
nb = ~Bo2
Bo2[nb] = ~Bo2[nb]
print(Bo2)
# a scalar into a 2-d mask; NaN handling
F = cp.array([[1.0, cp.nan, 3.0], [cp.nan, 5.0, -6.0]])
F[F > 2.0] = -1.0
print(F)
G = cp.array([[1.0, cp.nan, 3.0], [cp.nan, 5.0, -6.0]])
G[cp.isnan(G)] = 0.0
print(G)
H = cp.array([[1.0, cp.nan, 3.0], [cp.nan, 5.0, -6.0]])
h10 = H < 10.0
H[h10] = H[h10] + 1.0              # NaN < 10 is False: NaN stays
print(H)
H[H < 10.0] = H[H < 10.0] + 1.0    # two mask values: gathers, not rewritten
print(H)
# an overlapping source: a view of the target's own array
V = cp.arange(8, dtype=cp.float64)
mv = cp.array([True, False, True, True, False, True, False, True])
mk = mv[1:]
V[1:][mk] = V[:-1][mk] + 100.0
print(V)
V[:-1][mk] = V[1:][mk] * 2.0 + V[:-1][mk]
print(V)
# reductions: float, int, bool, complex, float16; empty and full masks; NaN outside the mask
xf = cp.array([1.5, cp.nan, -2.0, 4.0, 0.5, cp.nan])
reductions(xf, cp.logical_not(cp.isnan(xf)))
reductions(xf, xf > 100.0)
reductions(xf, cp.isnan(xf))
xi = cp.arange(1, 9, dtype=cp.int16).reshape(2, 4)
reductions(xi, xi % 2 == 0)
reductions(xi, xi > 100)
xb = cp.array([True, False, True, False])
reductions(xb, cp.array([True, True, False, False]))
extremes(xf, cp.logical_not(cp.isnan(xf)))
extremes(xf, xf < 1.0)
extremes(xf, cp.isnan(xf) | (xf > 1.0))                # NaN selected: max and min are NaN
extremes(xi, xi % 2 == 1)
extremes(xb, cp.array([True, False, False, True]))
extremes(xb, cp.array([False, True, False, True]))    # only False selected
xu8 = cp.arange(200, 256, dtype=cp.uint8).reshape(7, 8)
extremes(xu8, xu8 % 9 == 1)
xu64 = cp.array([5, 2**63 + 3, 7, 1], dtype=cp.uint64)
extremes(xu64, xu64 > 3)
xi64 = cp.array([-(2**62), 5, -7, 2**62], dtype=cp.int64)
extremes(xi64, xi64 < 6)
xi8 = cp.array([[-128, 3], [127, -5]], dtype=cp.int8)
extremes(xi8, xi8 != 3)
# one bin's maximum and minimum per iteration, every bin non-empty
peak = cp.zeros(5)
for i in range(5):
    sel = (radius >= 0.2 * i) & (radius < 0.2 * (i + 1))
    peak[i] = data[sel].max() - data[sel].min()
print(peak)
xc = cp.array([1 + 2j, 3 - 1j, -2 + 0.5j])
print(xc[xc.real > 0].sum(), xc[xc.real > 0].mean(), xc[xc.real > 100].mean())
xh = cp.arange(6, dtype=cp.float16) * 0.3
print(xh[xh > 0.5].mean(), xh[xh > 0.5].sum())
extremes(xh, xh > 0.5)
# not rewritten (still gathers): a value of the count's length, another mask, argmax,
# a non-elementwise step, a gather used twice
W = cp.zeros(6)
W[cp.arange(6) % 2 == 0] = cp.array([7.0, 8.0, 9.0])
print(W)
m1 = cp.arange(6) < 3
m2 = cp.arange(6) >= 3
W[m1] = W[m2] + 1.0
print(W)
print(xf[xf > 0].argmax(), xf[xf > 0].argmin())
S = cp.array([3.0, 1.0, 2.0, 5.0])
S[S > 1.5] = cp.sort(S[S > 1.5])
print(S)
t = S[S > 1.5]
S[S > 1.5] = t * 2.0
print(S, t, t.size)


# two selects through one mask: one kernel (fuse.c merge_selects, as mandel above) unless the
# second reads the first's target or the targets may share memory
def pair_reads_first(n, k):
    A = (cp.arange(n * n, dtype=cp.float64).reshape(n, n) % 7) * 0.5
    B = cp.zeros((n, n), dtype=cp.float64)
    for it in range(k):
        M = A < 2.0
        B[M] = B[M] + 1.0
        A[M] = A[M] + B[M]          # reads the new B: two kernels
    return A, B


def pair_first_reads_second(n, k):
    A = (cp.arange(n * n, dtype=cp.float64).reshape(n, n) % 7) * 0.5
    B = cp.zeros((n, n), dtype=cp.float64)
    for it in range(k):
        M = A < 2.5
        B[M] = A[M] * 2.0 + it      # reads A before the second store writes it: merged
        A[M] = A[M] + 1.0
    return A, B


def pair_params(X, Y, M):
    X[M] = X[M] + 1.0               # X and Y may be one array: two kernels
    Y[M] = Y[M] * 2.0


def pair_view(n):
    A = cp.arange(n, dtype=cp.float64)
    V = A[::-1]                     # a view of A: two kernels
    M = cp.arange(n) % 3 == 0
    A[M] = A[M] + 10.0
    V[M] = V[M] * 2.0
    return A


print(pair_reads_first(4, 3))
print(pair_first_reads_second(4, 3))
P = cp.arange(6, dtype=cp.float64)
pair_params(P, P, P < 4.0)
print(P)
print(pair_view(7))
