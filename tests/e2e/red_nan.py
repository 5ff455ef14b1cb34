# nansum, nanprod, nanmean, nanmax, nanmin, nanvar, nanstd, nanargmax, nanargmin
import cupy as cp

nan = cp.nan
f = cp.array([1.0, nan, 3.0])
print(f.max(), f.min(), f.sum(), cp.nanmax(f), cp.nanmin(f), cp.nansum(f), cp.nanmean(f))
print(cp.nanprod(f), cp.nanvar(f), cp.nanstd(f), cp.nanargmax(f), cp.nanargmin(f))
m = cp.array([[1.0, nan, 4.0, 2.0], [nan, nan, nan, nan], [5.0, -2.0, nan, 8.0]])
print(cp.nansum(m), cp.nansum(m, axis=0), cp.nansum(m, axis=1), cp.nansum(m, axis=1, keepdims=True).shape)
print(cp.nanprod(m, axis=1), cp.nanprod(m, axis=0), cp.nanprod(m))
print(cp.nanmean(m, axis=1), cp.nanmean(m, axis=0), cp.nanmean(m))
print(cp.nanmax(m, axis=1), cp.nanmin(m, axis=1), cp.nanmax(m, axis=0), cp.nanmin(m))
print(cp.nanmax(m, axis=0, keepdims=True), cp.nanmin(m, axis=-1, keepdims=True).shape)
print(cp.round(cp.nanvar(m, axis=1), 6), cp.round(cp.nanstd(m, axis=0), 6), cp.round(cp.nanvar(m), 6))
print(cp.round(cp.nanvar(m, axis=1, ddof=1), 6), cp.nanvar(m, axis=0, ddof=1), cp.nanstd(m, axis=1, keepdims=True).shape)
print(cp.nanargmax(m, axis=0)[:2], cp.nanargmin(m, axis=0)[:2], cp.nanargmax(m), cp.nanargmin(m))
g = cp.array([[1.0, 2.0], [3.0, 0.5]], dtype=cp.float32)
g[0, 1] = nan
print(cp.nansum(g), cp.nansum(g).dtype, cp.nanmean(g, axis=0), cp.nanmean(g, axis=0).dtype)
print(cp.nanmax(g), cp.nanmax(g).dtype, cp.nanvar(g, axis=0), cp.nanvar(g).dtype, cp.nanstd(g, axis=1).dtype)
print(cp.nansum(g, dtype=cp.float64).dtype, cp.nanmean(g, dtype=cp.float64).dtype)
i = cp.array([[3, 1, 2], [6, 5, 4]], dtype=cp.int32)
print(cp.nansum(i), cp.nansum(i).dtype, cp.nanprod(i, axis=0), cp.nanmean(i, axis=1), cp.nanmean(i).dtype)
print(cp.nanmax(i, axis=0), cp.nanmin(i), cp.nanmax(i).dtype, cp.nanvar(i), cp.nanstd(i, axis=0).dtype)
print(cp.nanargmax(i, axis=1), cp.nanargmin(i))
b = cp.array([True, False, True])
print(cp.nansum(b), cp.nansum(b).dtype, cp.nanmax(b), cp.nanmean(b))
c = cp.array([1 + 2j, nan + 0j, 3 - 1j])
print(cp.nansum(c), cp.nanmean(c), cp.nanvar(c), cp.nanvar(c).dtype)
inf = cp.inf
h = cp.array([-inf, nan, -inf, 2.0, nan])
print(cp.nanmax(h), cp.nanmin(h), cp.nanargmax(h), cp.nanargmin(h), cp.nansum(h))
big = cp.ones(1000000, dtype=cp.float64)
big[::3] = nan
print(cp.nansum(big), cp.nanmean(big), cp.nanmax(big), cp.nanvar(big), int(cp.nanargmax(big)))
