import sys

import cupy as cp

a = cp.arange(len(sys.argv))
print(a.squeeze())
