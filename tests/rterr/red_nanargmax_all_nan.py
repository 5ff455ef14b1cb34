# nanargmax of a slice holding only NaN
import cupy as cp

x = cp.array([[1.0, cp.nan], [cp.nan, cp.nan]])
print(cp.nanargmax(x, axis=0))
print(cp.nanargmax(x, axis=1))
