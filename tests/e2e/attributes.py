# .shape .dtype .size .ndim .T .reshape .astype .copy
import cupy as cp

a = cp.arange(6)
m = a.reshape(2, 3)
print(m.shape, m.dtype, m.size, m.ndim)
print(m.T, m.T.shape)
print(a.reshape((3, 2)))
print(a.reshape(-1, 2))
print(m.reshape(-1))
print(cp.arange(24).reshape(2, 3, 4).shape, cp.arange(24).reshape(2, 3, 4).T.shape)
print(a.T)
f = m.astype(cp.float32)
print(f, f.dtype)
print((m / 4).astype(cp.int32))
print((m - 2.5).astype(cp.int64))
print(m.astype(cp.bool_))
print(cp.array([0.0, 0.5, 2.0]).astype(cp.bool_))
c = m.copy()
c[0, 0] = 100
print(m[0, 0], c[0, 0])
t = m.T.copy()
print(t, t.shape)
r = m.reshape(3, 2)
r[0, 0] = -1
print(m)
n, k = m.shape
print(n, k)
print(m.shape[0] * m.shape[1] == m.size)
