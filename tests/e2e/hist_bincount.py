import cupy as cp

# bincount of int64, int32 and bool inputs; minlength; weights of float64 and float32
x = cp.array([0, 1, 1, 3, 2, 1, 7])
print(cp.bincount(x))
print(cp.bincount(x).dtype)
print(cp.bincount(x, minlength=10))
print(cp.bincount(x, minlength=3))
x32 = cp.array([4, 4, 0, 2], dtype=cp.int32)
print(cp.bincount(x32))
b = cp.array([True, False, True, True])
print(cp.bincount(b))
w = cp.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5])
r = cp.bincount(x, weights=w)
print(r, r.dtype)
w32 = cp.array([1.0, 2.0, 3.0, 4.0], dtype=cp.float32)
r = cp.bincount(x32, weights=w32, minlength=6)
print(r, r.dtype)
u8 = cp.arange(10, dtype=cp.uint8) % 4
print(cp.bincount(u8))
print(cp.bincount(cp.array([], dtype=cp.int64), minlength=4))
print(cp.bincount(cp.array([], dtype=cp.int64)))
k = 5
labels = cp.argmin(cp.abs(cp.arange(20).reshape(20, 1) - cp.array([[0, 5, 12]])), axis=1)
print(cp.bincount(labels, minlength=k))
print(cp.bincount(x[::2]))
