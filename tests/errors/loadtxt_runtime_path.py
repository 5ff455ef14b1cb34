import sys

import cupy as cp

x = cp.loadtxt(sys.argv[1])
print(x)
