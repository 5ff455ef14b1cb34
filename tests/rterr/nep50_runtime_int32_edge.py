# NEP 50 at run time: int32 and the first int past its range (floor division)
import sys
import cupy as cp

x = cp.array([-7, 0, 7], dtype=cp.int32)
m = 2147483646 + len(sys.argv)     # 2**31 - 1: fits
print(x // m, x % -m, x // (-m - 1))
print(x // (m + 1))
