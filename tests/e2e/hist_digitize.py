import cupy as cp

# digitize with increasing and decreasing bins, right=False/True, mixed dtypes
x = cp.array([0.2, 6.4, 3.0, 1.6, 1.0, -1.0, 10.0])
inc = cp.array([0.0, 1.0, 2.5, 4.0, 10.0])
print(cp.digitize(x, inc))
print(cp.digitize(x, inc, right=True))
dec = cp.array([10.0, 4.0, 2.5, 1.0, 0.0])
print(cp.digitize(x, dec))
print(cp.digitize(x, dec, right=True))
print(cp.digitize(x, inc).dtype)
xi = cp.array([[1, 5], [7, 2]], dtype=cp.int32)
bi = cp.array([1, 2, 2, 6])
print(cp.digitize(xi, bi))
print(cp.digitize(xi, bi, right=True))
print(cp.digitize(cp.array([1.5, 2.5], dtype=cp.float32), cp.array([1, 2, 3])))
print(cp.digitize(2.0, inc))
