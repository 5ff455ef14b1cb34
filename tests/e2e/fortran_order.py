# cp.asfortranarray and order='F' of zeros/ones/empty/full: Fortran strides (07_sgemm hands such
# arrays to a raw kernel that reads them column by column), seen here through a raw kernel that
# copies the buffer as it lies in memory.  Expected output: twins/fortran_order.py.
import cupy as cp

copy_kernel = cp.RawKernel(r'''
extern "C" __global__ void flat(const float *x, float *y, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = x[i];
}
''', 'flat')


def raw(x):
    y = cp.zeros(x.size, dtype=cp.float32)
    copy_kernel((1,), (128,), (x, y, x.size))
    return y


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
