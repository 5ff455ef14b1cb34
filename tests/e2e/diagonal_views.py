# diagonal() as a view on any ndim (axis1/axis2 in either order, offsets past the edges),
# non-contiguous inputs, trace built on it, and fill_diagonal writing through a strided view.
import cupy as cp

x = cp.arange(60).reshape(3, 4, 5)
print(cp.diagonal(x))
print(cp.diagonal(x, 1, 1, 2))
print(cp.diagonal(x, -1, 2, 0))
print(x.diagonal(offset=2, axis1=-1, axis2=-2))
print(cp.diagonal(x, 7).shape, cp.diagonal(x, -9, 1, 2).shape)
y = cp.arange(36.0).reshape(6, 6)[::2, 1::2]
print(cp.diagonal(y), cp.diagonal(y, 1), cp.diagonal(y, -1))
print(cp.diagonal(y.T, -1))
for k in range(-4, 5):
    print(k, cp.trace(x, k), cp.trace(x, k, 2, 1), cp.trace(y, k))
print(cp.trace(x, 1, 0, 2, dtype=cp.float32))
z = cp.zeros((4, 6))
cp.fill_diagonal(z[:, ::2], 5.0)
print(z)
w = cp.zeros((5, 5), dtype=cp.int32)
cp.fill_diagonal(w[1:, :3], 7)
print(w)
d = cp.diag(cp.arange(1, 4) * 1.5, -1)
print(d, cp.diag(d, -1), cp.diag(d[::-1], 1))
b = cp.ones((2, 3, 3)) * cp.arange(3)
print(cp.diagonal(b, 0, 1, 2).sum(axis=-1), cp.trace(b, axis1=1, axis2=2))
v = cp.diagonal(x, 0, 0, 2)
print(v.shape, v * 2)
