import sys

import cupy as cp

x: f"float64[:]" = cp.load(sys.argv[1])
print(x)
