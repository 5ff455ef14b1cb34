# A store fused into the reduction after it (compiler/passes/storered.c) across array kinds:
# 1-d and 3-d arrays, whole-view stores (X[...] =, X[:] =), bool, int, float16, complex64
# arrays, and the reductions sum, prod, mean, max, min, argmin, any, all, over one axis, two
# axes or all; a 0-d array (one element: not fused).  Values as NumPy's.
import cupy as cp


def upd_sum(x, y):
    x += y * 2.0
    return x.sum()


def upd_axes(X, b):
    X[...] = X * 0.5 - b
    return X.max(axis=(0, 2)), X


def upd_mean(X):
    X[:] = cp.sqrt(cp.abs(X)) + 1.0
    return X.mean(axis=1)


def upd_bool(m, x):
    m[...] = x > 0.25
    return m.sum(axis=0), cp.any(m, axis=1), cp.all(m)


def upd_int(k, x):
    k += (x * 10.0).astype(cp.int64)
    return k.prod(axis=0), k.min(axis=1), cp.argmin(k, axis=0)


def upd_half(h):
    h *= cp.float16(1.5)
    return h.sum(axis=1)


def upd_c64(c, z):
    c += z * (1 - 2j)
    return c.sum(axis=0), (c * c.conj()).real.sum()


def upd_0d(s, t):
    s[...] = t * 3.0
    return s.sum()


i = cp.arange(24, dtype=cp.float64)
print(upd_sum(cp.sin(i), cp.cos(i)))
X = (i.reshape(2, 3, 4) - 7.0) / 3.0
print(upd_axes(X, cp.array([0.25, -0.5, 1.0, 2.0])))
print(upd_mean(i.reshape(4, 6) - 12.0))
m = cp.zeros((6, 4), dtype=cp.bool_)
# 0-d results printed on their own: print(tuple) shows a 0-d array as CuPy's array(False), the
# oracle's NumPy as its scalar
s0, any1, all0 = upd_bool(m, cp.cos(i).reshape(6, 4))
print(s0, any1, all0)
print(m)
k = (cp.arange(12) % 5).reshape(3, 4)
print(upd_int(k, cp.sin(i[:12]).reshape(3, 4) + 1.0))
h = (cp.arange(12, dtype=cp.float16) / 4).reshape(3, 4)
print(upd_half(h), h.dtype)
c = (i[:8] + 1j * i[8:16]).astype(cp.complex64).reshape(2, 4)
csum, cnorm = upd_c64(c, cp.ones((2, 4), dtype=cp.complex64))
print(csum, cnorm)
print(upd_0d(cp.zeros(()), cp.ones(())))
