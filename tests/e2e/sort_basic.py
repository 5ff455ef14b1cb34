# sort / argsort / x.sort(): axes, axis=None, NaNs last, ties (stable), every real dtype
import cupy as cp


def show(a):
    print(a.dtype, cp.sort(a), cp.argsort(a, kind="stable"))


a = cp.array([3.5, -1.0, 2.25, 10.0, 0.0, -7.5])
print(cp.sort(a), cp.argsort(a), a[cp.argsort(a)][::-1])
x = cp.array([1.5, cp.nan, -2.0, 0.5, cp.nan, -cp.inf, cp.inf, 0.5])
print(cp.sort(x))
print(cp.argsort(x, kind="stable"))
m = cp.array([[9, 2, 7, 2], [4, 8, 1, 4], [6, 3, 5, 3]])
print(cp.sort(m))
print(cp.sort(m, axis=0))
print(cp.sort(m, axis=-2))
print(cp.sort(m, axis=None))
print(cp.argsort(m, axis=1, kind="stable"))
print(cp.argsort(m, axis=0, kind="stable"))
print(cp.argsort(m, axis=None, kind="stable"))
print(m.argsort(kind="stable"), m.argsort(axis=0, kind="stable"))
b = m.copy()
b.sort(axis=1)
print(b)
b = m.copy()
b.sort(axis=0)
print(b)
c = m.copy()
c[1].sort()
print(c)
# 3-d, every axis
t = (cp.arange(24) * 7 % 11).reshape(2, 3, 4)
print(cp.sort(t, axis=0))
print(cp.sort(t, axis=1))
print(cp.sort(t, axis=2))
print(cp.argsort(t, axis=1, kind="stable"))
# a strided view
v = cp.arange(20)[::-3]
print(cp.sort(v), cp.argsort(v))
print(cp.sort(m.T, axis=1))
# dtypes
show(cp.array([True, False, True, False, False]))
show(cp.array([5, -3, 0, 7, -3, 1, 100, -128], dtype=cp.int8))
show(cp.array([5, -3, 0, 7, -3, 1, 1000, -2000], dtype=cp.int16))
show(cp.array([5, -3, 0, 7, -3, 1, 100000, -2000000], dtype=cp.int32))
show(cp.array([5, -3, 0, 7, -3, 1, 10000000000, -20000000000], dtype=cp.int64))
show(cp.array([5, 3, 0, 7, 3, 1, 255, 128], dtype=cp.uint8))
show(cp.array([5, 3, 0, 7, 3, 1, 65535, 32768], dtype=cp.uint16))
show(cp.array([5, 3, 0, 7, 3, 1, 4000000000, 2147483648], dtype=cp.uint32))
show(cp.array([5, 3, 0, 7, 3, 1, 10000000000, 2], dtype=cp.uint64))
show(cp.array([1.5, cp.nan, -2.0, 0.5, -cp.inf, 65504.0, -0.25, 0.5], dtype=cp.float16))
show(cp.array([1.5, cp.nan, -2.0, 0.5, -cp.inf, 3.0e38, -0.25, 0.5], dtype=cp.float32))
show(cp.array([1.5, cp.nan, -2.0, 0.5, -cp.inf, 1e300, -0.25, 0.5, cp.nan]))
# empty and one element
e = cp.zeros((0,))
print(cp.sort(e), cp.argsort(e), cp.sort(cp.array([4])))
z = cp.zeros((3, 0))
print(cp.sort(z, axis=0).shape, cp.argsort(z, axis=1).shape)
print(cp.sort(cp.array(5.0), axis=None))
print(cp.argmax(cp.sort(cp.array([5, 1, 4])) == 4))
k = cp.sort(cp.array([8, 3, 6, 1, 9, 2]))[-3:]
print(k, k[::-1])
