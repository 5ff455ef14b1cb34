import cupy as cp

# 2-d @ 2-d, 1-d operands, result shapes (float64)
a = cp.arange(6, dtype=cp.float64).reshape(2, 3)
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) - 5.0
print(a @ b)
print((a @ b).shape, (a @ b).dtype)
v = cp.array([1.0, -1.0, 2.0])
w = cp.array([0.5, 2.0, -3.0, 1.0])
print(a @ v, (a @ v).shape)
print(v @ b, (v @ b).shape)
print(v @ v, (v @ v).shape)
print(cp.matmul(a, b)[1], cp.matmul(v, b))
print(a @ b @ w)

# dot, vdot, inner, outer
print(cp.dot(a, b))
print(cp.dot(a, v), cp.dot(v, v), cp.dot(v, b))
print(cp.dot(2.0, v), cp.dot(a, 0.5))
print(cp.vdot(v, v), cp.vdot(a, a))
print(cp.inner(v, v), cp.inner(a, v))
print(cp.inner(a, a))
print(cp.outer(v, w))
print(cp.outer(cp.arange(3), cp.array([1, 10])))
print(cp.outer(a, v).shape)

# transposed and sliced operands
print(a.T @ a)
print(a @ a.T)
m = cp.arange(20, dtype=cp.float64).reshape(4, 5)
print(m[::2, 1:4] @ m[1:4, ::2])
print(m[:, ::-1] @ m.T[::-1, :])
print(m[1] @ m.T)

# empty and degenerate sizes
z = cp.ones((3, 0))
print(z @ cp.ones((0, 2)))
print((cp.ones((0, 4)) @ cp.ones((4, 2))).shape)
print(cp.ones((1, 1)) @ cp.full((1, 3), 2.0))
