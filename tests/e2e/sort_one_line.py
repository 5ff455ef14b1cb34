# 1-d values sorts (runtime/sort.cu):
# NaNs of either sign last, infinities, every integer width, a large array.
import cupy as cp

nan = float("nan")
inf = float("inf")


def floats(a):
    a[:] = cp.array([3.5, -nan, 1.0, inf, nan, -2.0, -inf, -nan, 0.5, 7.0])
    print(cp.sort(a), cp.sort(a[::2]), cp.sort(a[1:5:3]))


floats(cp.zeros(10, dtype=cp.float32))
floats(cp.zeros(10, dtype=cp.float64))


def ints(b):
    b[:] = cp.arange(23, dtype=cp.int64) * 37 % 23 - 5
    print(b.dtype, cp.sort(b))


ints(cp.zeros(23, dtype=cp.int8))
ints(cp.zeros(23, dtype=cp.int16))
ints(cp.zeros(23, dtype=cp.int32))
ints(cp.zeros(23, dtype=cp.int64))
ints(cp.zeros(23, dtype=cp.uint8) + 200)
ints(cp.zeros(23, dtype=cp.uint16))
ints(cp.zeros(23, dtype=cp.uint32))
ints(cp.zeros(23, dtype=cp.uint64))

# a 2-d array sorted along a length-n axis with the other axis of length 1
c = (cp.arange(15, dtype=cp.float32) * 7 % 15).reshape(1, 15)
print(cp.sort(c, axis=1), cp.sort(c.T, axis=0).T)

# large: checksums of a sorted permutation and of sorted sines
n = 1 << 20
p = cp.sort((cp.arange(n, dtype=cp.int64) * 7919) % n)
print(bool(cp.all(p == cp.arange(n))), int(p[12345]))
s = cp.sort(cp.sin(cp.arange(n, dtype=cp.float64)))
print(float(s[0]), float(s[-1]), bool(cp.all(s[1:] >= s[:-1])), float(cp.sum(s[::1024])))
