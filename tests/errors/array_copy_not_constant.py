import sys

import cupy as cp

a = cp.arange(3)
b = cp.array(a, copy=len(sys.argv) > 1)
