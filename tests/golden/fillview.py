# fillview.c: an array made empty, filled whole by one store and read once is read as the
# stored value's view (store_view; empty's check of its dims stays as guards); not when it is
# read twice, when memory is written between the store and the read, or for a scalar fill
import cupy as cp


def twiddle(t, n, m):
    d = cp.empty((2, n, m), dtype=cp.complex128)
    d[:] = cp.repeat(cp.reshape(t, (2, n, 1)), m, axis=2)    # read from t, no copy, no d
    return cp.reshape(d, (2 * n * m,)) * 2.0


t = cp.exp(1j * cp.arange(6.0))
print(twiddle(t, 3, 4))
u = cp.arange(6.0).reshape(2, 3)
e = cp.empty((2, 3))
e[:] = u + 1.0
print(e * e)                                     # not: read twice
f = cp.empty((2, 3))
f[:] = u
u[0, 0] = 9.0                                    # not: u is written before f is read
print(f + 1.0)
g = cp.empty(4)
g[:] = 3.0                                       # not: a scalar fill
print(g)
