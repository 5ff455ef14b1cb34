# The NumPy twin of poly_roots.py: the oracle's cupy has no cupy.polynomial, and NumPy's eigvals
# gives float64 where every eigenvalue is real (gpyc, as CuPy's: complex); roots' dtype is the
# coefficients' (CuPy 14's), where NumPy's depends on the values.
import numpy as cp

P = cp.polynomial.polynomial


def show(r):
    r = r.astype(complex)
    re = cp.round(r.real, 6) + 0.0
    im = cp.round(r.imag, 6) + 0.0
    o = cp.lexsort(cp.stack([im, re]))
    print(len(r), re[o], im[o])


show(cp.roots(cp.array([1.0, -3.0])))
show(cp.roots(cp.array([0.0, 0.0, 2.0, 4.0])))
show(cp.roots(cp.array([2.0, 3.0], dtype=cp.float32)))
show(cp.roots(cp.array([1.0, 0.0])))
show(cp.roots(cp.array([1.0, 3.0, -1.0])))
show(cp.roots([4, 0, -4]))
show(cp.roots(cp.array([0.0, 0.0, 2.0, 1.0, -2.0])))
show(cp.roots(cp.array([2j, 4j, -2j])))
show(cp.roots(cp.zeros(4)))
show(cp.roots(cp.array([5.0])))
n = int(cp.arange(4).sum())
show(cp.roots(cp.concatenate([cp.zeros(n), cp.array([1.0, 1.0, -1.0])])))
print(cp.dtype(cp.float32), cp.dtype(cp.float64), cp.dtype(cp.complex128))

show(cp.linalg.eigvals(cp.array([[2.0, 1.0], [0.0, 3.0]])))
show(cp.linalg.eigvals(cp.array([[0.0, -1.0], [1.0, 0.0]])))
e = cp.linalg.eigvals(cp.arange(8.0).reshape(2, 2, 2) ** 2).astype(complex)
print(e.shape, e.dtype)
show(e[1])

print(cp.polynomial.polynomial.polycompanion(cp.array([1.0, 2.0, 3.0])))
print(P.polycompanion(cp.array([4, -2, 1, 0, 0])))
print(P.polycompanion([0.0, 5.0]), P.polycompanion(cp.array([3.0, -6.0, 0.0])))
print(P.polycompanion(cp.array([1, 2, 3, 4], dtype=cp.float32)).dtype)
print(P.polyvander(cp.array([1.0, 2.0, -0.5]), 3))
print(P.polyvander(cp.array([[1, 2], [3, 4]]), 2))
print(P.polyvander(cp.array([0.5, 2.0], dtype=cp.float32), n - 4).dtype, P.polyvander(3, 0))
print(cp.polynomial.polynomial.polyvander(cp.array([True, False]), 1))
U = cp.polynomial.polyutils
print(U.trimseq(cp.array([1.0, 2.0, 0.0, 0.0])), U.trimseq(cp.zeros(3)), U.trimseq(cp.zeros(0)).shape)
print(cp.polynomial.polyutils.trimseq(cp.array([0, 3, 0])))
print(U.trimcoef(cp.array([1, 2, 0, 0])), U.trimcoef(cp.array([0.5, 1e-3, 2e-3, 1e-4]), 1e-3))
print(cp.polynomial.polyutils.trimcoef(cp.array([1e-4, -2e-4]), 0.01), U.trimcoef([3j, 0, 1j, 0]))
s = cp.polynomial.polyutils.as_series([cp.array([1, 2, 0]), cp.array([0.5, 0.0], dtype=cp.float32), [3]])
print(len(s), s[0], s[1], s[2], s[0].dtype)
t = U.as_series((cp.array([1.0, 0.0]), cp.array([2j])), trim=False)
print(t[0], t[1], t[0].dtype)
print(U.as_series([cp.array([1, 2], dtype=cp.float32)])[0].dtype)
