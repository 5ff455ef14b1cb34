# arange: int and float starts, stops and steps, negative steps, dtype=
import cupy as cp

a = cp.arange(6)
print(a, a.dtype, a.shape)
print(cp.arange(2, 11, 3))
print(cp.arange(10, 0, -3))
print(cp.arange(5, dtype=cp.float32))
print(cp.arange(0.0, 1.0, 0.25))
print(cp.arange(1, 2, 0.125).size)
b = cp.arange(-1.5, 1.5, 0.5)
print(b, b.dtype)
print(cp.arange(3, dtype=cp.int32).dtype)
print(cp.arange(0).shape)
print(cp.arange(4.0))
