# a broadcast mismatch known only at run time (n comes from the command line)
import sys
import cupy as cp

n = len(sys.argv) + 2        # 3 when run without arguments
x = cp.arange(4, dtype=cp.float64)
y = cp.ones(n)
print(x.shape, y.shape)
z = x + y
print(z)
