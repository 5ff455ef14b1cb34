# zeros / ones / full / empty with int and tuple shapes and dtypes
import cupy as cp

print(cp.zeros(4))
print(cp.zeros((2, 3), dtype=cp.int32))
print(cp.ones((3,)))
print(cp.ones((2, 2), dtype=cp.bool_))
print(cp.full(3, 7))
print(cp.full((2, 4), 2.5))
print(cp.full((2, 2), 3, dtype=cp.float32))
f = cp.full((2,), True)
print(f, f.dtype)
e = cp.empty((3, 5))
print(e.shape, e.dtype, e.size, e.ndim)
e2 = cp.empty(4, dtype=cp.int64)
print(e2.shape, e2.dtype)
z = cp.zeros((2, 0))
print(z, z.shape, z.size)
