# indexing: an integer-array gather, a boolean-mask read and write, where, a scatter-add
import cupy as cp
import cupyx
x = cp.arange(100, dtype=cp.float32)
idx = cp.array([3, 1, 4, 1, 5])
print(x[idx] * 2.0)
print(x[x > 50.0])
x[x < 10.0] = 0.0
y = cp.where(x > 20.0, x, -x)
z = cp.zeros(10)
cupyx.scatter_add(z, idx, 1.0)
print(y, z)
