# nanmedian, nanpercentile, nanquantile: NaNs skipped, all-NaN slices give NaN
import cupy as cp

g = cp.array([[1.0, cp.nan, 3.0, 8.0], [4.0, 5.0, cp.nan, cp.nan], [cp.nan, cp.nan, cp.nan, cp.nan]])
print(cp.nanmedian(g[:2]), cp.nanmedian(g, axis=1), cp.nanmedian(g[:2], axis=0))
print(cp.nanmedian(g, axis=1, keepdims=True), cp.nanmedian(g[:2], axis=(0, 1)))
print(cp.nanpercentile(g[:2], 30), cp.nanpercentile(g, [10, 90], axis=1))
print(cp.nanquantile(g, 0.5, axis=1), cp.nanquantile(g[:2], [0.25, 0.75], axis=0, keepdims=True))
f = cp.array([[2.5, cp.nan, 4.0, 3.0], [0.5, -1.5, cp.nan, 6.0]], dtype=cp.float32)
print(cp.nanmedian(f), cp.nanmedian(f, axis=1), cp.nanpercentile(f, 75, axis=1))
i = cp.array([[7, 1, 4, 10], [2, 9, 8, 3]], dtype=cp.int32)
print(cp.nanmedian(i), cp.nanmedian(i).dtype, cp.nanmedian(i, axis=0), cp.nanquantile(i, [0.2, 0.7]))
h = cp.arange(30, dtype=cp.float64).reshape(3, 10) % 7
h[h > 5] = cp.nan
print(cp.nanmedian(h, axis=1), cp.nanpercentile(h, [25, 50], axis=0))
# median over a tuple of axes (the same machinery, NaN not skipped)
t = (cp.arange(60).reshape(3, 4, 5) * 7) % 11
print(cp.median(t, axis=(0, 2)), cp.median(t, axis=(2, 1), keepdims=True))
print(cp.median(g, axis=(0, 1)), cp.median(g[:2, :1], axis=(0, 1)), cp.median(t, axis=(0, 1, 2)))
