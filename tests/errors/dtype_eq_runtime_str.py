import sys

import cupy as cp

name = sys.argv[0][:7]
print(cp.dtype(cp.float32) == name)
