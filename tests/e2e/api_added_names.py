# NumPy routines added from existing pieces: aliases, window functions, index tuples, nan scans.
import cupy as cp

a = cp.asanyarray([[1.5, 2.0], [3.0, 4.5]])
print(a, a.dtype)

cp.random.seed(3)
r1 = cp.random.ranf(4)
r2 = cp.random.sample((2, 3))
print(r1.shape, r2.shape, r2.dtype, bool(cp.all((r2 >= 0) & (r2 < 1))), bool(cp.all(r1 < 1)))

x = cp.array([[1.0, cp.nan, 2.0], [cp.nan, 3.0, 0.5]])
print(cp.nancumsum(x), cp.nancumsum(x, axis=1))
print(cp.nancumprod(x), cp.nancumprod(x, axis=0))
print(cp.nancumsum(cp.arange(5, dtype=cp.int32)).dtype, cp.nancumsum(x.astype(cp.float32)).dtype)

t = cp.zeros((2, 3, 4, 5))
print(cp.rollaxis(t, 3, 1).shape, cp.rollaxis(t, 2).shape, cp.rollaxis(t, 1, 4).shape, cp.rollaxis(t, -1, -3).shape)
m = cp.arange(6).reshape(2, 3)
print(cp.rollaxis(m, 1))

print(cp.ediff1d(cp.array([1, 4, 9, 16])), cp.ediff1d(cp.array([[1.5, 2.0], [0.5, 4.0]])))

for n in [0, 1, 2, 5, 8]:
    print(n, cp.bartlett(n), cp.hanning(n))
    print(cp.hamming(n), cp.blackman(n))
    print(cp.kaiser(n, 2.5), cp.kaiser(n, 0))

ri, ci = cp.tril_indices(3)
print(ri, ci)
ri, ci = cp.triu_indices(4, 1)
print(ri, ci)
ri, ci = cp.tril_indices(3, -1, 4)
print(ri, ci)
ri, ci = cp.triu_indices(3, k=0, m=2)
print(ri, ci)
g = cp.arange(12).reshape(3, 4)
ri, ci = cp.tril_indices_from(g)
print(g[ri, ci])
ri, ci = cp.triu_indices_from(g, 1)
print(g[ri, ci])
d0, d1 = cp.diag_indices(3)
print(d0, d1)
s = cp.arange(27).reshape(3, 3, 3)
i, j, k = cp.diag_indices_from(s)
print(s[i, j, k])
i, j, k = cp.diag_indices(2, 3)
print(i, j, k)

f = cp.array([-2.5, -0.0, 0.75, 3.0, cp.inf, -cp.inf, cp.nan])
fr, ip = cp.modf(f)
print(fr, ip)
fr16, ip16 = cp.modf(cp.array([7, -3], dtype=cp.int16))
print(fr16, ip16, fr16.dtype)
fr32, ip32 = cp.modf(cp.array([1.25], dtype=cp.float32))
print(fr32.dtype, ip32.dtype, cp.modf(cp.array([3], dtype=cp.uint8))[0].dtype)

print(cp.can_cast(cp.int32, cp.int64), cp.can_cast(cp.int64, cp.float32), cp.can_cast(cp.uint8, cp.int8))
print(cp.can_cast(cp.float64, cp.float32), cp.can_cast(cp.float64, cp.float32, 'same_kind'))
print(cp.can_cast(cp.int64, cp.uint8, 'same_kind'), cp.can_cast(cp.uint16, cp.int8, 'same_kind'))
print(cp.can_cast(cp.float32, cp.int32, 'same_kind'), cp.can_cast(cp.float32, cp.int32, 'unsafe'))
print(cp.can_cast(cp.int32, cp.int32, 'no'), cp.can_cast(cp.bool_, cp.float16), cp.can_cast(m, cp.float64))
print(cp.can_cast(cp.complex64, cp.float64), cp.can_cast(cp.float16, cp.complex64), cp.can_cast('i4', 'f8'))
