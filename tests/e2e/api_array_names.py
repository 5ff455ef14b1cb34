# Creation and shape functions and ndarray methods by name (gpyc --list-api lists them).
import cupy as cp

a = cp.asarray([[1.25, -2.5, 3.0], [4.5, -5.75, 6.0]])
print(a, cp.ndim(a), cp.shape(a), cp.size(a))
c = cp.copy(a)
c[0, 0] = 100.0
print(a[0, 0], c[0, 0])
print(cp.identity(3), cp.identity(2, dtype=cp.int32))
print(cp.reshape(a, (3, 2)), cp.reshape(cp.arange(6), (2, -1)))
print(cp.row_stack([cp.arange(3), cp.arange(3, 6)]))
print(cp.around(a), cp.around(a, 1))

m = cp.arange(12).reshape(3, 4)
print(a.clip(-1.0, 4.0), a.round(), a.round(1))
print(m.flatten(), m.T.ravel())
f = m.flatten()
f[0] = 50
print(m[0, 0], f[0])
print(m.sum().item(), a[1, 2].item(), (m > 5).any().item())
print(m.transpose(), m.transpose(1, 0).shape)
print(m.min(), m.min(axis=0), m.prod(axis=1))
print(m.std(), m.std(axis=1))
print(m.cumsum(), m.cumprod(axis=1))
print(m.nonzero(), m.take([0, 5, 11]), m.take([2, 0], axis=1))
print(m.compress([True, False, True], axis=0))
print(m.diagonal(), m.diagonal(1))
print(m.repeat(2, axis=0).shape, m.swapaxes(0, 1).shape)
