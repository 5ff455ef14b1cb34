# More NumPy routines composed from existing pieces (polynomials, grids, fill_diagonal, trapz).
import cupy as cp
import cupyx

x = cp.array([1.0, 2.0, 3.0, 4.0])
xp = cp.get_array_module(x)
print(xp.sum(x), xp.arange(3))
print(cp.asfarray(cp.array([1, 2, 3])), cp.asfarray(cp.array([1, 2]), dtype=cp.int32).dtype)
print(cp.asfarray(cp.array([0.5], dtype=cp.float32)).dtype, cp.asfarray(x, dtype=cp.complex64).dtype)
print(cupyx.rsqrt(x), cupyx.rsqrt(cp.array([4.0], dtype=cp.float32)).dtype)

m = cp.zeros((3, 4))
cp.fill_diagonal(m, 5.0)
print(m)
t = cp.ones((4, 2), dtype=cp.int32)
cp.fill_diagonal(t, 7)
print(t)

print(cp.polyadd(cp.array([1, 2]), cp.array([3, 4, 5])), cp.polyadd([1.5, 2.0, 1.0], [1, 1]))
print(cp.polysub(cp.array([1, 2, 3]), cp.array([1, 1])), cp.polysub(cp.array([2.0]), cp.array([1.0, 0.5])))
print(cp.polyadd(cp.array([1, 2], dtype=cp.int32), cp.array([1.0], dtype=cp.float32)).dtype)

print(cp.vander(cp.array([1, 2, 3, 5])))
print(cp.vander(cp.array([0.5, -2.0, 3.0]), 4, increasing=True))
print(cp.vander(cp.array([2, 3], dtype=cp.int8), 3).dtype, cp.vander(x.astype(cp.float32), 2).dtype)

g = cp.indices((2, 3))
print(g, g.shape, g.dtype)
print(cp.indices((2, 2, 3), dtype=cp.float32).shape)

y = cp.array([1.0, 4.0, 9.0, 16.0])
print(cp.trapz(y), cp.trapz(y, dx=0.5), cp.trapz(y, cp.array([0.0, 1.0, 3.0, 4.0])))
z = cp.arange(12).reshape(3, 4)
print(cp.trapz(z), cp.trapz(z, axis=0), cp.trapz(z, dx=2.0, axis=0))
print(cp.trapz(z, cp.array([0.0, 0.5, 2.0]), axis=0), cp.trapz(z.astype(cp.float32)).dtype)

r, c = cp.mask_indices(3, cp.triu)
print(r, c)
r, c = cp.mask_indices(4, cp.tril, -1)
print(r, c)
print(cp.polyval([1, 2, 3], 2), cp.polyval(cp.array([3.0, 0.0, 1.0]), cp.array([1.0, 2.0, 0.5])))
print(cp.polyval(cp.array([1, -1], dtype=cp.int32), cp.arange(4)), cp.polyval([2.5], cp.arange(3)).dtype)
dst = cp.zeros((2, 3))
cp.copyto(dst, cp.arange(3))
print(dst)
cp.copyto(dst, 4)
print(dst)
di = cp.zeros(3, dtype=cp.int32)
cp.copyto(di, cp.array([1, 2, 3], dtype=cp.int64))
cp.copyto(dst, cp.array([[1.5], [2.5]], dtype=cp.float32))
print(di, dst)
