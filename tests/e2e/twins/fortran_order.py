# NumPy twin of tests/e2e/fortran_order.py: raw(x), the buffer as it lies in memory, is
# x.ravel(order='K') here; run by tests/oracle/run-numpy to produce fortran_order.expected.
import cupy as cp


def raw(x):
    return x.ravel(order='K').astype(cp.float32)


a = cp.arange(12, dtype=cp.float32).reshape(3, 4)
f = cp.asfortranarray(a)
print(f)
print(f.shape, f.dtype)
print(raw(f))
print(raw(cp.asfortranarray(f)))
print(raw(cp.asfortranarray(a.T)))
f[0, 0] = 100.0
print(a[0, 0], f[0, 0])
b = cp.arange(24, dtype=cp.float32).reshape(2, 3, 4)
print(raw(cp.asfortranarray(b)))
print(raw(cp.asfortranarray(b[:, 1:, ::2])))
print(raw(cp.asfortranarray(cp.arange(6, dtype=cp.int64).reshape(2, 3), dtype=cp.float32)))
print(cp.asfortranarray([[1, 2], [3, 4]]).dtype)
print(raw(cp.asfortranarray(cp.arange(5, dtype=cp.float32))))
print(cp.asfortranarray(cp.float32(7.5)).shape)
z = cp.zeros((2, 3), dtype=cp.float32, order='F')
z[0, 1] = 5.0
z[1, 2] = 7.0
print(z)
print(raw(z))
o = cp.ones((3, 2), dtype=cp.float32, order='F')
o[:, 1] = 2.0
print(raw(o))
u = cp.full((2, 2, 2), 3.0, dtype=cp.float32, order='f')
u[1, 0, 1] = -1.0
print(raw(u))
e = cp.empty((4, 3), dtype=cp.float32, order='F')
e[...] = cp.arange(12, dtype=cp.float32).reshape(4, 3)
print(raw(e))
print(raw(cp.zeros((2, 3), dtype=cp.float32, order='C') + 1))
print((cp.asfortranarray(a) @ cp.asfortranarray(a.T)).sum())
