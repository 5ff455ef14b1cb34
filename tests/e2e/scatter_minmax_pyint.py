# cupyx.scatter_max/min with a Python int outside the array's dtype: NumPy's maximum.at /
# minimum.at compare in int64 and cast the result back (uint8 50 max 300 is 300, stored as 44).
import cupy as cp
import cupyx
a = cp.array([50, 200, 7], dtype=cp.uint8)
cupyx.scatter_max(a, cp.array([0, 0, 2]), 300)
print(a)
b = cp.array([50, 100, 7], dtype=cp.int8)
cupyx.scatter_min(b, cp.array([1, 1]), -200)
print(b)
c = cp.array([50, 100, 7], dtype=cp.int8)
cupyx.scatter_max(c, 1, 300)
print(c)
n = int(cp.arange(301)[-1])
d = cp.array([50, 200, 7], dtype=cp.uint8)
cupyx.scatter_max(d, cp.array([2]), n)
cupyx.scatter_min(d, cp.array([0]), n)
print(d)
e = cp.array([5, 6], dtype=cp.int16)
cupyx.scatter_max(e, cp.array([0, 1]), 3)
cupyx.scatter_min(e, cp.array([1]), 2)
print(e)
