import cupy as cp

batch = cp.arange(2 * 2 * 3, dtype=cp.float64).reshape(2, 2, 3)
w = cp.ones((3, 2))
print(cp.matmul(batch, w), (batch @ w).shape)
x = cp.arange(2 * 3 * 4, dtype=cp.float64).reshape(2, 3, 4) / 4.0
y = cp.arange(2 * 4 * 2, dtype=cp.float64).reshape(2, 4, 2) - 7.0
print(x @ y)
print((x @ y).shape)

# broadcasting batch dimensions
p = cp.arange(3 * 1 * 2 * 2, dtype=cp.float64).reshape(3, 1, 2, 2)
q = cp.arange(4 * 2 * 2, dtype=cp.float64).reshape(4, 2, 2)
r = p @ q
print(r.shape)
print(r[2, 3], r[0, 1])
print((cp.ones((5, 1, 3)) @ cp.ones((1, 3, 2))).shape)

# 1-d with batched
u = cp.array([1.0, 2.0, 3.0])
print(batch @ u, (batch @ u).shape)
print(u @ x[:, :3, :], (u @ x[:, :3, :]).shape)

# transposed batches and strided views
xt = cp.transpose(x, (0, 2, 1))
print(xt @ x[:, :, :2])
print(x[:, ::2, :] @ y[:, ::-1, :])
print(x.T.shape, (x.T @ cp.ones((2, 3))).shape)

# dot and tensordot with N-d operands
print(cp.dot(x, y).shape)
print(cp.dot(x, y)[1, 2])
print(cp.dot(x, cp.ones(4)))
print(cp.tensordot(x, y[0], axes=1).shape)
print(cp.tensordot(x, cp.arange(12.0).reshape(3, 4), axes=2))
print(cp.tensordot(x, x, axes=3))
print(cp.tensordot(u, u, axes=0))
print(cp.inner(x, y[0].T).shape, cp.inner(x, y[0].T)[1, 1])
