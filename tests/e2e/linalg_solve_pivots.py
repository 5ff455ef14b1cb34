import cupy as cp

# solve and inv where LU's partial pivoting swaps rows: the right-hand sides are read in the
# pivots' order while they are transposed (runtime/solver.c lu_solve), then two triangular
# solves; n > 4096 takes cuSOLVER's getrs instead.  Matrices from cos/sin of index products:
# no dominant diagonal, so getrf pivots, yet well conditioned enough for 6 digits.


def mat(n, k, dt, shift, cplx=False):
    i = cp.arange(n * k, dtype=cp.float64).reshape(n, k)
    m = cp.cos(i * 0.37 + shift) + 0.5 * cp.sin(i * i * 0.011)
    if cplx:
        return (m + 1j * cp.sin(i * 0.23 - shift)).astype(dt)
    return m.astype(dt)


def check(a, b, x, tol, digits=3):   # single precision: fewer digits
    r = a @ x - b
    print(x.shape, x.dtype, bool(cp.abs(r).max() < tol), cp.round(cp.abs(x).sum(), digits))


P = cp.array([[0.0, 2.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 3.0]])   # a zero first pivot
print(cp.round(cp.linalg.solve(P, cp.array([1.0, 2.0, 3.0])), 10))
print(cp.round(cp.linalg.inv(P), 10))
for dt, tol, digits, cplx in ((cp.float32, 1e-2, 1, False), (cp.float64, 1e-8, 3, False),
                              (cp.complex64, 1e-2, 1, True), (cp.complex128, 1e-8, 3, True)):
    a = mat(40, 40, dt, 0.3, cplx)
    b = mat(40, 7, dt, 1.1, cplx)
    check(a, b, cp.linalg.solve(a, b), tol, digits)
    check(a, b[:, 2], cp.linalg.solve(a, b[:, 2]), tol, digits)
    check(a, cp.eye(40, dtype=dt), cp.linalg.inv(a), tol, digits)
# contour_integral's shape: 600 x 600 complex128 with 1000 right-hand sides
a = mat(600, 600, cp.complex128, 0.7, True) + 8.0 * cp.eye(600)   # 54 row swaps, condition 8.5e3
b = mat(600, 1000, cp.complex128, -0.2, True)
check(a, b, cp.linalg.solve(a, b), 1e-6)
# a batch whose matrices pivot differently, b broadcast and not contiguous (a transposed view)
s = cp.stack([mat(50, 50, cp.float64, 0.1), mat(50, 50, cp.float64, 0.9), mat(50, 50, cp.float64, 2.3)])
bt = mat(9, 50, cp.float64, 0.4).T[None]   # (1, 50, 9): NumPy 1.x and 2 agree on a 3-d b
xs = cp.linalg.solve(s, bt)
print(xs.shape, bool(cp.abs(s @ xs - bt).max() < 1e-8), cp.round(cp.abs(xs).sum(axis=(1, 2)), 3))
# n > 4096: cuSOLVER's getrs
a = mat(4100, 4100, cp.float64, 0.5) + 2.0 * cp.eye(4100)
b = mat(4100, 2, cp.float64, 0.8)
check(a, b, cp.linalg.solve(a, b), 1e-6)
