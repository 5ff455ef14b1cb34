# two dtypes bound on the two paths of an if: the code after it needs one when compiling
import sys
import cupy as cp
if len(sys.argv) > 1:
    dt = cp.float32
else:
    dt = cp.float64
print(cp.zeros(1, dtype=dt).dtype)
