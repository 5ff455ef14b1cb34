# NEP 50 at run time: uint64 takes every non-negative int64, and no negative one
import sys
import cupy as cp

x = cp.array([0, 5, 18446744073709551615], dtype=cp.uint64)
big = 9223372036854775806 + len(sys.argv)   # 2**63 - 1
print(x - x + big, x // big, x.size + x - 1)
print(x - (-len(sys.argv)))
