# sorting and scans: sort, argsort along rows, cumsum, unique, searchsorted
import cupy as cp
x = (cp.arange(100) * 37) % 101
X = x.reshape(10, 10)
print(cp.sort(x), cp.argsort(X, axis=1))
print(cp.cumsum(x * 2), cp.unique(x % 7), cp.searchsorted(cp.sort(x), 50))
