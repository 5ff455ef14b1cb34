# ufuncs with a positional out, x.shape = n, list shapes (mandelbrot2, lenet)
import cupy as cp


def mandelbrot(xmin, xmax, ymin, ymax, xn, yn, itermax, horizon=2.0):
    Xi, Yi = cp.mgrid[0:xn, 0:yn]
    X = cp.linspace(xmin, xmax, xn, dtype=cp.float64)[Xi]
    Y = cp.linspace(ymin, ymax, yn, dtype=cp.float64)[Yi]
    C = X + Y * 1j
    N_ = cp.zeros(C.shape, dtype=cp.int64)
    Z_ = cp.zeros(C.shape, dtype=cp.complex128)
    Xi.shape = Yi.shape = C.shape = xn * yn

    Z = cp.zeros(C.shape, cp.complex128)
    for i in range(itermax):
        if not len(Z):
            break
        cp.multiply(Z, Z, Z)
        cp.add(Z, C, Z)
        I = abs(Z) > horizon
        N_[Xi[I], Yi[I]] = i + 1
        Z_[Xi[I], Yi[I]] = Z[I]
        cp.logical_not(I, I)
        Z = Z[I]
        Xi, Yi = Xi[I], Yi[I]
        C = C[I]
    return Z_.T, N_.T


Z, N = mandelbrot(-2.0, 0.5, -1.25, 1.25, 12, 10, 20)
print(N)
print(cp.round(cp.abs(Z).sum(), 6))

a = cp.arange(6, dtype=cp.float64)
b = cp.ones(6)
cp.subtract(a, b, b)
print(b)
cp.sqrt(a, a)
print(cp.round(a, 4))
m = cp.zeros(6, dtype=cp.int32)
cp.add(cp.arange(6, dtype=cp.int32), 2, m)
m.shape = (2, 3)
print(m, m.shape)
m.shape = (3, -1)
print(m.sum(axis=1))
e = cp.empty([2, m.shape[0], 2], dtype=cp.float32)
e[...] = 1.5
print(e.shape, e.dtype, e.sum())
