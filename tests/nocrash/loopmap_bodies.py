# loopmap.c on loop bodies it must keep or map without a crash: 8-d batches, ellipses, the loop
# variable in views of views, slices, floor division, negative and opposite indices, products
import cupy as cp
A = cp.zeros((3, 4, 2, 2, 2, 2, 2, 2))
B = cp.ones((3, 4, 2, 2, 2, 2, 2, 2))
for i in range(3):
    A[i] = B[i] * 2
for i in range(3):
    A[i, ..., 0] = B[i, ..., 1]
for i in range(3):
    A[..., i, 0, 0, 0, 0, 0, 0] = 1.0
for i in range(2):
    A[i][i] = A[i][i] + 1
x = cp.arange(10.0)
for i in range(10):
    x[i] = x[i] ** i
for i in range(0, 10, 3):
    x[2 * i // 3] = 0
for i in range(5):
    x[-i] = x[i]
for i in range(5):
    x[i:i+1] = 2
for i in range(5):
    x[i] += x.sum()
for i in range(5):
    x[i] = cp.float64(i)
for i in range(5):
    x[i * 2] = x[i * 2 + 1]
for i in range(4):
    x[3 - i] = x[i + 5]
y = cp.zeros((4, 4))
for i in range(4):
    y[i].fill(1)
for i in range(4):
    y[:, i] = y[i, :]
for i in range(4):
    y[i, :] = cp.sort(y[i, :])
for i in range(4):
    y[i] = y[i].T
for i in range(4):
    y[i] = y[i] @ y
for i in range(4):
    y[i] = y @ y[i]
for i in range(4):
    y.T[i] = 1
print(x, y, A.sum())
