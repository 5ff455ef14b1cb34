import cupy as cp

print(cp.cross(cp.array([1.0, 0, 0]), cp.array([0, 1.0, 0])))
a = cp.arange(12, dtype=cp.float64).reshape(4, 3)
b = cp.array([1.0, -2.0, 0.5])
print(cp.cross(a, b))
print(cp.cross(b, a).shape, cp.cross(a, a))
print(cp.cross(cp.array([1, 2, 3]), cp.array([4, 5, 6])), cp.cross(cp.array([1, 2, 3]), cp.array([4, 5, 6])).dtype)
print(cp.cross(cp.ones((2, 1, 3)), cp.arange(6.0).reshape(2, 3)).shape)
