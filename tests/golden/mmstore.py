# mmstore.c: a product stored into an array becomes one matmul_store (no product array, no
# store kernel), with a reshape between or without; left as it is where the store casts, the
# product has another use, or something between them may raise or touch the device
import cupy as cp


def stage(d, y, n):
    t = y * 2.0
    y[:] = cp.reshape(d @ cp.reshape(t, (2, n // 2)), (n,))   # matmul_store with a reshape


d = cp.ones((2, 2), dtype=cp.complex128)
y = cp.ones(8, dtype=cp.complex128)
for i in range(3):
    stage(d, y, 8)
a = cp.ones((3, 4))
b = cp.ones((4, 5))
z = cp.zeros((3, 5))
z[:, :] = a @ b                      # matmul_store, no reshape
z[::2] = a[::2] @ b                  # matmul_store (a strided target: the runtime copies)
f = cp.zeros((3, 5), dtype=cp.float32)
f[:] = a @ b                         # not: the store casts to float32
r = a @ b
z[:] = r                             # not: r is printed below
print(r)
w = cp.zeros((2, 3, 5))
w[1] = a @ b                         # not: an int index may raise after the product
z[:] = cp.dot(a, b)                  # not: dot's mode
print(y, z, f, w)
