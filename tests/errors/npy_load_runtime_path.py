import sys

import cupy as cp

x = cp.load(sys.argv[1])
print(x)
