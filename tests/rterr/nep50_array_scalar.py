# NEP 50 at run time: cp.array(n, dtype=cp.int32) of a single Python int out of range
import sys
import cupy as cp

k = len(sys.argv)
print(cp.array(-2147483647 - k, dtype=cp.int32))  # -2**31: fits
print(cp.array(2147483647 + k, dtype=cp.int32))   # 2**31
