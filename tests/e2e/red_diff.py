# diff: n, axis (negative), bool (not_equal), integer wrap, empty results
import cupy as cp

print(cp.diff(cp.array([1, 4, 9, 16])), cp.diff(cp.array([1, 4, 9, 16]), n=2), cp.diff(cp.array([1, 4, 9, 16]), n=0))
m = cp.array([[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0]])
print(cp.diff(m), cp.diff(m, axis=0), cp.diff(m, axis=-2, n=2), cp.diff(m, n=3, axis=1))
print(cp.diff(m, n=4).shape, cp.diff(m, n=5, axis=0).shape, cp.diff(m, axis=0).dtype)
u = cp.array([5, 3, 250], dtype=cp.uint8)
print(cp.diff(u), cp.diff(u).dtype)
b = cp.array([True, True, False, True])
print(cp.diff(b), cp.diff(b).dtype)
t = cp.arange(24).reshape(2, 3, 4) ** 2
print(cp.diff(t, axis=1), cp.diff(t.transpose(1, 0, 2))[2])
f = cp.array([1.5, 0.25, 4.0], dtype=cp.float32)
print(cp.diff(f), cp.diff(f).dtype)
