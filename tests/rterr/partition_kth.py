import sys

import cupy as cp

a = cp.arange(len(sys.argv) + 4)
print(cp.partition(a, 7))
