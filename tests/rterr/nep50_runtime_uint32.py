# NEP 50 at run time: a ufunc call (cp.add) with a uint32 array and 2**32
import sys
import cupy as cp

x = cp.arange(3, dtype=cp.uint32)
top = 4294967294 + len(sys.argv)   # 2**32 - 1: fits
print(cp.subtract(top, x), cp.maximum(x, top))
print(cp.add(x, top + 1))
