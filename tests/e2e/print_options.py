# NumPy's printing routines and print options: set_printoptions, printoptions (with),
# array2string, array_str, array_repr, base_repr, binary_repr, and iinfo / finfo.
import cupy as cp
import numpy as np

a = cp.array([1.0, 0.5, -2.25, 3.14159265358979, 0.1])
m = cp.arange(30.0).reshape(5, 6) / 7
i = cp.array([-3, 0, 42], dtype=cp.int32)
c = cp.array([1 + 2j, -0.5 - 1.25j, 3.1415926j])
small = cp.array([1e-9, 1.5, -100.0])

# array2string with options of its own
print(cp.array2string(a))
print(cp.array2string(a, precision=3))
print(cp.array2string(a, precision=2, floatmode="fixed"))
print(cp.array2string(a, precision=4, floatmode="maxprec_equal"))
print(cp.array2string(a, floatmode="unique"))
print(cp.array2string(a, sign="+"))
print(cp.array2string(a, sign=" ", separator=", "))
print(cp.array2string(c, precision=3))
print(cp.array2string(small, suppress_small=True))
print(cp.array2string(m, precision=2, separator=", ", prefix="m = "))
print(cp.array2string(m, max_line_width=30, precision=3))
print(cp.array2string(cp.arange(100), threshold=10, edgeitems=2))
print(cp.array2string(cp.arange(12).reshape(3, 4), separator=" | "))
print(cp.array2string(cp.array([], dtype=cp.float32)))
for p in range(0, 5):
    print(p, cp.array2string(a, precision=p))

# array_str / array_repr
print(cp.array_str(a, precision=2))
print(cp.array_repr(a, precision=2))
print(cp.array_repr(i))
print(cp.array_repr(m, max_line_width=40, precision=1))
print(cp.array_str(small, suppress_small=True, precision=4))
print(cp.array_repr(cp.array(2.5)))

# with printoptions: restored after the block
with np.printoptions(precision=3, suppress=True):
    print(a)
    print(small)
    print(repr(m))
print(a)
with cp.printoptions(threshold=5, edgeitems=1):
    print(cp.arange(10))
    print(cp.arange(24).reshape(2, 3, 4))
print(cp.arange(10))
with np.printoptions(sign="+", floatmode="maxprec_equal", precision=4):
    print(a)
    print(c)
    print(f"{a}")

# set_printoptions: stays until changed; None leaves an option as it is
cp.set_printoptions(precision=2, linewidth=40)
print(a)
print(m)
np.set_printoptions(precision=None, floatmode="fixed")
print(a)
np.set_printoptions(precision=8, linewidth=75, floatmode="maxprec")
print(a)
digits = 1
for k in range(3):
    np.set_printoptions(precision=digits)
    print(a)
    digits += 2
np.set_printoptions(precision=8)

# base_repr, binary_repr
for n in [0, 5, -5, 255, 1024, -1024, 123456789]:
    print(n, cp.base_repr(n), cp.base_repr(n, 16), cp.base_repr(n, 36, 3), cp.binary_repr(n))
for n, w in [(3, 8), (-3, 8), (-128, 8), (0, 4), (-1, 3), (100, 10)]:
    print(n, w, cp.binary_repr(n, width=w))

# iinfo / finfo
def show_iinfo(t):
    ii = cp.iinfo(t)
    print(ii.min, ii.max, ii.bits, ii.kind, ii.dtype)


def show_finfo(t):
    fi = cp.finfo(t)
    print(fi.eps, fi.epsneg, fi.max, fi.min, fi.tiny, fi.smallest_normal)
    print(fi.smallest_subnormal, fi.resolution, fi.dtype, fi.bits, fi.precision)
    print(fi.iexp, fi.nexp, fi.nmant, fi.machep, fi.negep, fi.minexp, fi.maxexp)
    print(fi)
    print(repr(fi))


show_iinfo(cp.int8)
show_iinfo(cp.int16)
show_iinfo(cp.int32)
show_iinfo(cp.int64)
show_iinfo(cp.uint8)
show_iinfo(cp.uint16)
show_iinfo(cp.uint32)
print(cp.iinfo(cp.uint64).max, cp.iinfo(cp.uint64).min)
print(cp.iinfo(i.dtype).max, cp.iinfo(int).min, cp.iinfo("int16").max, cp.iinfo(cp.int8(3)).max)
print(cp.iinfo(cp.int8))
print(repr(cp.iinfo(cp.uint64)))
show_finfo(cp.float16)
show_finfo(cp.float32)
show_finfo(cp.float64)
print(cp.finfo(cp.complex64).dtype, cp.finfo(c.dtype).eps, cp.finfo(float).bits, cp.finfo(a.dtype).max)
x = cp.ones(3, dtype=cp.float32)
print(x + cp.finfo(x.dtype).eps)
print(cp.clip(cp.array([1e10, -5.0]), 0, cp.finfo(cp.float32).max))

# packbits / unpackbits
b = cp.array([[1, 0, 1], [0, 1, 1]], dtype=cp.uint8)
print(cp.packbits(b))
print(cp.packbits(b, axis=0))
print(cp.packbits(b, axis=1))
print(cp.packbits(b, axis=-1, bitorder="little"))
bits = cp.array([True, False, True, True, False, False, True, False, True, True])
print(cp.packbits(bits), cp.packbits(bits, bitorder="little"))
print(cp.packbits(cp.arange(-3, 20).reshape(23, 1) % 3, axis=0).T)
u = cp.array([[2], [7], [23]], dtype=cp.uint8)
print(cp.unpackbits(u, axis=1))
print(cp.unpackbits(u, axis=1, bitorder="little"))
print(cp.unpackbits(u))
print(cp.unpackbits(u, axis=0, count=2).shape, cp.unpackbits(u, axis=1, count=-3))
n = int(cp.asnumpy(cp.sum(u))) // 8
print(n, cp.unpackbits(u, axis=1, count=n + 7))
p8 = cp.packbits(bits)
print(cp.unpackbits(p8, count=bits.size).astype(bool))

# trim_zeros
t = cp.array([0, 0, 3, 0, 5, 6, 0, 0, 0])
print(cp.trim_zeros(t), cp.trim_zeros(t, "f"), cp.trim_zeros(t, "b"), cp.trim_zeros(t, trim="BF"))
z = cp.zeros(4)
print(cp.trim_zeros(z), cp.trim_zeros(z, "f").shape, cp.trim_zeros(cp.zeros(0)).shape)
tt = cp.trim_zeros(cp.array([0.0, 1.5, 0.0, -2.0, 0.0]))
tt[0] = 9
print(tt, cp.trim_zeros(cp.array([1, 2])))

# common_type: the inexact type of the arrays' dtypes
h16 = cp.arange(3, dtype=cp.float16)
i32 = cp.arange(3, dtype=cp.int32)
c64 = cp.ones(2, dtype=cp.complex64)
print(cp.zeros(1, dtype=cp.common_type(h16)).dtype, cp.zeros(1, dtype=cp.common_type(h16, i32)).dtype)
print(cp.zeros(1, dtype=cp.common_type(c64, h16)).dtype, cp.zeros(1, dtype=cp.common_type(c64, i32)).dtype)
print(cp.zeros(1, dtype=cp.common_type(cp.ones(2, dtype=cp.float32), h16)).dtype)
