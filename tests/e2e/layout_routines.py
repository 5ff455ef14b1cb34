# Memory layout and sharing (require, isfortran, may_share_memory, shares_memory), the
# broadcast object, and arrays from iterables and strings (fromiter, fromstring).
import cupy as cp

a = cp.arange(12.0).reshape(3, 4)
f = cp.asfortranarray(a)
print(cp.isfortran(a), cp.isfortran(f), cp.isfortran(a.T), cp.isfortran(cp.arange(3)))
print(cp.isfortran(cp.require(a, requirements="F")), cp.isfortran(cp.require(f, requirements=["C"])))
r = cp.require(a, dtype=cp.float32, requirements=["F", "A", "W"])
print(r.dtype, cp.isfortran(r), r)
print(cp.require(a, requirements="CA"), cp.require(cp.arange(4), requirements=None))
o = cp.require(a, requirements=["O"])
o[0, 0] = 100
print(a[0, 0], o[0, 0], cp.may_share_memory(o, a))
print(cp.require(a.T, requirements="C").shape, cp.isfortran(cp.require(a.T, requirements="E")))

# may_share_memory / shares_memory
x = cp.arange(20)
print(cp.may_share_memory(x, x[::2]), cp.shares_memory(x, x[::2]))
print(cp.may_share_memory(x[::2], x[1::2]), cp.shares_memory(x[::2], x[1::2]))
print(cp.may_share_memory(x[:10], x[10:]), cp.shares_memory(x[:10], x[10:]))
print(cp.may_share_memory(x[:11], x[10:]), cp.shares_memory(x[:11], x[10:]))
print(cp.may_share_memory(x, cp.arange(20)), cp.shares_memory(a, a.T), cp.shares_memory(a[0], a[:, 0]))
print(cp.shares_memory(a[0], a[1]), cp.shares_memory(a[:, 1], a[:, 2]), cp.shares_memory(a[1:, 1:], a[:2, :2]))
print(cp.shares_memory(x[:0], x))

# broadcast objects
b = cp.broadcast(cp.ones((3, 1)), cp.ones((1, 4)), cp.ones(4))
print(b.shape, b.nd, b.ndim, b.size, b.numiter)
b2 = cp.broadcast(a, 5.0)
print(b2.shape, b2.size, b2.numiter)

# fromiter
print(cp.fromiter(range(5), dtype=cp.float32))
print(cp.fromiter((k * k for k in range(6)), cp.int64, count=4))
print(cp.fromiter([0.5, 1.5, 2.5], dtype=float, count=-1))
n = 3
print(cp.fromiter([True, False, True, True], dtype=cp.int32, count=n))
print(cp.fromiter([1 + 2j, 3j], dtype=cp.complex64))

# fromstring
print(cp.fromstring("1 2 3 4", dtype=cp.int32, sep=" "))
print(cp.fromstring("1.5, 2.5, -3", sep=","))
text = ", ".join([str(k) for k in range(5)])
print(cp.fromstring(text, dtype=cp.int64, sep=","), cp.fromstring(text, sep=",", count=2))

# histogramdd
pts = cp.array([[0.1, 0.2, 0.9], [0.4, 0.5, 0.5], [0.9, 0.1, 0.2], [0.5, 0.5, 0.5],
                [1.0, 0.0, 0.3], [0.3, 0.8, 0.7], [0.6, 0.6, 0.1], [0.2, 0.9, 1.0]])
H, edges = cp.histogramdd(pts, bins=[2, 2, 2])
print(H, H.dtype, len(edges))
print(edges[0], edges[2])
H2, e2 = cp.histogramdd(pts, bins=[2, 3, 4], range=[(0, 1), (0, 1), (0, 1)])
print(H2.shape, H2.sum(), H2[1])
H3, e3 = cp.histogramdd(pts, bins=(cp.array([0.0, 0.5, 1.0]), 2, 2), density=True)
print(H3)
w = cp.arange(8.0)
H4, e4 = cp.histogramdd([pts[:, 0], pts[:, 1]], bins=3, weights=w)
print(H4, e4[1])
H5, e5 = cp.histogramdd(cp.array([[0.0, 5.0], [2.0, -1.0], [1.0, 1.0]]), bins=2)
H6, e6 = cp.histogramdd(pts[:, :2], bins=2, range=[(0, 1), (0, 1)])
print(H6, e6[1])
print(H5)
