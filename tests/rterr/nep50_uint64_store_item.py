# NEP 50 at run time: a negative Python int stored into a uint64 array is NumPy 2's
# OverflowError; 0 and 2**63 - 1 store as they are
import sys
import cupy as cp

k = len(sys.argv)                # 1
x = cp.zeros(3, dtype=cp.uint64)
x[0] = k - 1
x[1] = 9223372036854775806 + k
print(x)
x[2] = -k
print(x)
