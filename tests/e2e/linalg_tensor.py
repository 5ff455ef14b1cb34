import cupy as cp

a = cp.eye(24).reshape(4, 6, 8, 3) * 2 + 0.01 * cp.arange(576, dtype=cp.float64).reshape(4, 6, 8, 3) / 576
ainv = cp.linalg.tensorinv(a, ind=2)
print(ainv.shape, ainv.dtype, cp.allclose(cp.tensordot(ainv, a, 2), cp.eye(24).reshape(8, 3, 8, 3)))
b = cp.eye(12).reshape(12, 3, 4) * 3 + cp.ones((12, 3, 4)) * 0.5
bi = cp.linalg.tensorinv(b, 1)
print(bi.shape, cp.round(bi[0], 6))
print(cp.linalg.tensorinv(cp.array([[5.0]]), 3))
print(cp.linalg.tensorinv(cp.array([[2, 0], [0, 4]]), 1).dtype, cp.linalg.tensorinv(cp.array([[2, 0], [0, 4]]), 1))

A = cp.eye(2 * 3 * 4).reshape(6, 4, 2, 3, 4) * 3 + 0.1
B = cp.arange(24, dtype=cp.float64).reshape(2 * 3, 4)
x = cp.linalg.tensorsolve(A, B)
print(x.shape, x.dtype, cp.round(x, 6), cp.allclose(cp.tensordot(A, x, axes=x.ndim), B))
x32 = cp.linalg.tensorsolve(A.astype(cp.float32), cp.ones(24).reshape(6, 4))
print(x32.dtype, x32.shape)
