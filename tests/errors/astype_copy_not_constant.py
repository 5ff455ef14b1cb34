import sys

import cupy as cp

a = cp.arange(3)
b = a.astype(cp.int64, copy=len(sys.argv) > 1)
