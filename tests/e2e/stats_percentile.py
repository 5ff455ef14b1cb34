# percentile and quantile ('linear'): q scalar / list / tuple / array, axes, keepdims, dtypes, NaN
import cupy as cp

m = cp.array([[3.0, 1.0, 4.0, 1.0, 7.5], [5.0, 9.0, 2.0, 6.0, 0.25], [5.0, 3.0, 5.0, 8.0, 2.0]])
print(cp.percentile(m, 30))
print(cp.percentile(m, [10, 50, 90]))
print(cp.percentile(m, 25, axis=0))
print(cp.percentile(m, (0, 40, 100), axis=1))
print(cp.percentile(m, [20, 80], axis=-1, keepdims=True))
print(cp.percentile(m, 75, axis=(0, 1), keepdims=True))
print(cp.percentile(m, [37.5], axis=0).shape, cp.percentile(m, 50, keepdims=True).shape)
print(cp.quantile(m, 0.3), cp.quantile(m, [0.1, 0.5, 0.9], axis=1))
print(cp.quantile(m.T, 0.65, axis=0), cp.quantile(m, 1.0), cp.quantile(m, 0))
qa = cp.array([[0.2, 0.4], [0.6, 0.8]])
print(cp.quantile(m, qa).shape, cp.quantile(m, qa))
print(cp.quantile(m, qa, axis=1))
print(cp.percentile(m, cp.array([5.0, 95.0]), axis=0))
# integers (float64 results) and float32
i = cp.array([[7, 1, 4, 10], [2, 9, 8, 3]], dtype=cp.int32)
print(cp.percentile(i, 40), cp.percentile(i, 40).dtype, cp.percentile(i, [25, 75], axis=1))
l = cp.arange(24, dtype=cp.int64).reshape(2, 3, 4) * 7 % 13
print(cp.quantile(l, [0.25, 0.5], axis=(0, 2)))
print(cp.quantile(l, 0.9, axis=2, keepdims=True))
f = cp.array([[2.5, 1.0, 4.0, 3.0], [0.5, -1.5, 8.0, 6.0]], dtype=cp.float32)
print(cp.percentile(f, 30), cp.percentile(f, [10, 60], axis=1))
print(cp.quantile(f, 0.5, axis=0), cp.quantile(f, 0.5, axis=0).shape)
# a slice with a NaN gives NaN
g = cp.array([[1.0, cp.nan, 3.0], [4.0, 5.0, 6.0]])
print(cp.percentile(g, 50), cp.percentile(g, [10, 90], axis=1), cp.quantile(g, 0.5, axis=0))
# a longer line (the segmented sort's large path)
big = ((cp.arange(100001) * 7919) % 100003).astype(cp.float64)
print(cp.percentile(big, [1, 33, 50, 99]))
# q as a tuple value and as a list of computed numbers
qs = (12.5, 87.5)
lo = 5
print(cp.percentile(m, qs, axis=1), cp.percentile(m, [lo, lo * 2 + 0.5]))
