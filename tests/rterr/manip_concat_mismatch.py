# concatenate of arrays whose other dimensions differ (sizes from the command line)
import sys
import cupy as cp

n = len(sys.argv) + 3        # 4 when run without arguments
a = cp.ones((2, 3))
b = cp.ones((2, n))
print(cp.concatenate([a, a]).shape)
print(cp.concatenate([a, b]))
