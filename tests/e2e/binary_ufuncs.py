# maximum minimum where clip power
import cupy as cp

a = cp.array([1, 5, 3, 8, -2])
b = cp.array([4, 2, 3, 9, -5])
print(cp.maximum(a, b), cp.minimum(a, b))
print(cp.maximum(a, 2), cp.minimum(a, 2.5))
print(cp.where(a > b, a, b))
print(cp.where(a > 2, a, 0))
print(cp.where(a > 2, 1.0, -1.0))
print(cp.clip(a, 0, 4))
print(cp.clip(a * 1.5, -1.0, 6.0))
print(cp.power(a, 2))
print(cp.power(2.0, cp.arange(-2, 3)))
print(cp.power(cp.arange(1, 5, dtype=cp.float32), 0.5))
m = cp.arange(6).reshape(2, 3)
print(cp.maximum(m, cp.array([2, 2, 4])))
print(cp.where(m % 2 == 0, m, -m))
x = cp.sqrt(cp.array([1.0, -1.0, 9.0]))   # [1, nan, 3]
print(cp.maximum(x, 2.0), cp.minimum(x, 2.0))
