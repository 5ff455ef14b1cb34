# median: odd and even lengths, axes, keepdims, dtypes, NaN
import cupy as cp

m = cp.array([[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0]])
print(cp.median(m), cp.median(m, axis=0), cp.median(m, axis=1), cp.median(m, axis=-1, keepdims=True))
print(cp.median(m, keepdims=True).shape, cp.median(m[:, :3], axis=1), cp.median(m.T, axis=0))
i = cp.array([[7, 1, 4], [2, 9, 8]], dtype=cp.int32)
print(cp.median(i), cp.median(i).dtype, cp.median(i, axis=0), cp.median(i, axis=1))
u = cp.array([250, 3, 255, 7], dtype=cp.uint8)
print(cp.median(u), cp.median(u).dtype)
f = cp.array([2.5, 1.0, 4.0, 3.0], dtype=cp.float32)
print(cp.median(f), cp.median(f).dtype, cp.median(cp.array([True, False, True])))
g = cp.array([[1.0, cp.nan, 3.0], [4.0, 5.0, 6.0]])
print(cp.median(g), cp.median(g, axis=1), cp.median(g, axis=0))
t = (cp.arange(60).reshape(3, 4, 5) * 7) % 11
print(cp.median(t, axis=1), cp.median(t, axis=2), cp.median(t))
big = (cp.arange(1000001) * 7919) % 1000003
print(cp.median(big), cp.median(big.reshape(1, 1000001), axis=1))
