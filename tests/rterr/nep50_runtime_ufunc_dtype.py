# NEP 50 at run time: with dtype= the Python int goes to that loop's dtype (int8 here)
import sys
import cupy as cp

x = cp.array([1, 2, 3], dtype=cp.int16)
n = 127 * len(sys.argv)
print(cp.add(x, n + 1, dtype=cp.int32), cp.add(x, n, dtype=cp.int8))
print(cp.add(x, n + 1, dtype=cp.int8))
