# NEP 50 at run time: a negative Python int into cp.asarray(..., dtype=cp.uint16), and
# cp.array(n, dtype=...) of a single int
import sys
import cupy as cp

k = len(sys.argv)
print(cp.array(2147483646 + k, dtype=cp.int32))   # 2**31 - 1: fits
print(cp.asarray([k, 2], dtype=cp.uint64))
print(cp.asarray([65534 + k, 2], dtype=cp.uint16))
print(cp.asarray([2, -k], dtype=cp.uint16))       # -1
