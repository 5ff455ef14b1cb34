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

# a 2-d operand broadcast over the batch: one GEMM over all rows when a's rows continue from
# batch to batch (blas.c fold_batch), a batch otherwise
A4 = cp.arange(3 * 4 * 5, dtype=cp.float64).reshape(3, 4, 5) * 0.5 - 7.0
C4 = cp.arange(25, dtype=cp.float64).reshape(5, 5) % 7 - 3.0
print(cp.reshape(cp.reshape(A4, (3, 4, 1, 5)) @ C4, (3, 4, 5)))
print(A4 @ C4)
print(A4.astype(cp.float32) @ C4.astype(cp.float32))
print(A4.astype(cp.int32) @ C4.astype(cp.int32))
print((A4 + 1j) @ (C4 - 2j))
print(A4[:, ::2, :] @ C4)                        # rows 2 apart: still one progression
print(cp.transpose(A4, (1, 0, 2)) @ C4)          # batch stride is not rows * row stride
print(A4[:, :, :3] @ C4[:3, :])                  # row stride longer than the row
print(cp.transpose(A4, (0, 2, 1))[:, :4, :] @ C4[:4, :])   # column-major rows: a batch
print(A4 @ cp.broadcast_to(C4, (3, 5, 5)))       # a batch of one matrix: bs 0 too
print(cp.ones((2, 1, 3, 4)) @ cp.ones((4, 2)), cp.zeros((0, 2, 3)) @ cp.ones((3, 2)))
