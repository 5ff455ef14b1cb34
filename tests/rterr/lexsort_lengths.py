import sys

import cupy as cp

a = cp.arange(len(sys.argv) + 2)
b = cp.arange(4)
print(cp.lexsort((a, b)))
