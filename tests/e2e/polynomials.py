# polymul, polyfit, polyval with many coefficients; tensordot with axis pairs and lexsort of a
# 2-d array (extents known only at run time)
import cupy as cp

print(cp.polymul([1, 2, 3], [9, 5, 1]), cp.polymul(cp.array([1.5, -2.0]), 3))
print(cp.polymul(cp.array([1.0, 0.5], dtype=cp.float32), cp.array([2.0, -1.0, 4.0], dtype=cp.float32)))
x = cp.arange(10.0)
y = 3.0 * x * x - 2.0 * x + 1.0
print(cp.polyfit(x, y, 2))
c2 = cp.polyfit(x, cp.stack([y, 2 * x + 1], axis=1), 1)
print(c2.shape, c2[:, 1])
w = cp.linspace(1.0, 2.0, 10)
print(cp.polyfit(x, y + cp.sin(x), 3, w=w))
print(cp.polyfit(cp.arange(5), cp.array([1, 3, 2, 5, 4]), 1))
deg = int(cp.arange(3).sum()) - 1
print(cp.polyfit(x, cp.cos(x), deg))
print(cp.polyval(cp.polyfit(x, y, 2), cp.array([0.5, 20.0])))

p = cp.arange(100.0) / 100.0
xs = cp.linspace(-1.0, 1.0, 5)
print(cp.polyval(p, xs))
print(cp.polyval(cp.arange(70), cp.array([1, 2], dtype=cp.int32)))
print(cp.polyval(cp.ones(80, dtype=cp.float32), cp.array(0.5, dtype=cp.float32)))

a = cp.arange(60.0).reshape(3, 4, 5)
b = cp.arange(24.0).reshape(4, 3, 2)
print(cp.tensordot(a, b, axes=([1, 0], [0, 1])))
print(cp.tensordot(a, b, axes=((0,), (1,))).shape)
print(cp.tensordot(a, a, axes=([0, 1, 2], [0, 1, 2])))
print(cp.tensordot(a, b, ([1], [0])).shape, cp.tensordot(a, b, (1, 0)).sum())

k = cp.array([[1, 5, 1, 4, 3, 4, 4], [9, 4, 0, 4, 0, 2, 1]])
print(cp.lexsort(k))
print(cp.lexsort(cp.array([[3.0, 1.0, 2.0]])))
print(cp.lexsort(cp.stack([cp.array([2, 1, 2, 1]), cp.array([0, 0, 1, 1]), cp.array([1, 1, 0, 0])])))
