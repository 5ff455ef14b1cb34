# NEP 50 at run time: cp.full_like of an int8 array (its dtype) with a Python int
import sys
import cupy as cp

a = cp.arange(4, dtype=cp.int8)
k = len(sys.argv)
print(cp.full_like(a, -127 - k))                   # -128: fits
print(cp.full_like(a, 1000 * k, dtype=cp.int16))
print(cp.full_like(a, -199 - k))                   # -200
