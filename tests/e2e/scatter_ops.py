# cupyx.scatter_add / scatter_max / scatter_min: repeated indices accumulate (NumPy's
# add.at, maximum.at, minimum.at).
import cupy as cp
import cupyx

a = cp.zeros(5)
idx = cp.array([0, 1, 1, 3, 3, 3])
cupyx.scatter_add(a, idx, 1.0)
print(a)
cupyx.scatter_add(a, idx, cp.arange(6, dtype=cp.float64))
print(a)

b = cp.zeros((3, 4), dtype=cp.int32)
cupyx.scatter_add(b, (cp.array([0, 0, 2]), cp.array([1, 1, 3])), 5)
print(b)
cupyx.scatter_add(b, cp.array([1, 1]), cp.array([1, 2, 3, 4], dtype=cp.int32))
print(b)
cupyx.scatter_add(b, 2, 1)
print(b)

c = cp.full(4, 10.0, dtype=cp.float32)
cupyx.scatter_max(c, cp.array([0, 0, 2, 2]), cp.array([3.0, 12.0, 15.0, 11.0], dtype=cp.float32))
print(c)
cupyx.scatter_min(c, cp.array([1, 1, 3]), cp.array([4.0, -2.0, 20.0], dtype=cp.float32))
print(c)
cupyx.scatter_max(c, cp.array([3]), cp.nan)
print(c)

d = cp.array([5, 5, 5], dtype=cp.int64)
cupyx.scatter_min(d, cp.array([0, 0, 1]), cp.array([7, -3, 2]))
cupyx.scatter_max(d, cp.array([2, 2]), cp.array([9, 100]))
print(d)



def small(dt):
    e = cp.zeros(3, dtype=dt)
    cupyx.scatter_add(e, cp.array([0, 2, 2, 2, 1]), cp.array([1, 2, 3, 4, 5], dtype=dt))
    cupyx.scatter_max(e, cp.array([1, 1]), cp.array([2, 6], dtype=dt))
    cupyx.scatter_min(e, cp.array([0, 2]), cp.array([0, 7], dtype=dt))
    print(e, e.dtype)


small(cp.int8)
small(cp.uint8)
small(cp.int16)
small(cp.uint16)
small(cp.uint32)
small(cp.uint64)
small(cp.float16)
small(cp.bool_)

g = cp.zeros(3, dtype=cp.complex128)
cupyx.scatter_add(g, cp.array([0, 0, 2]), cp.array([1 + 1j, 2 - 1j, 3j]))
print(g)
h = cp.zeros(2, dtype=cp.complex64)
cupyx.scatter_add(h, cp.array([1, 1, 1]), 1 + 2j)
print(h)

m = cp.zeros((2, 3))
cupyx.scatter_add(m.T, cp.array([0, 0, 2]), cp.ones((3, 2)))
print(m)
mask = cp.array([True, False, True])
cupyx.scatter_add(m, (1, mask), 10.0)
print(m)
