import sys

import cupy as cp

z = cp.zeros((1, len(sys.argv)))
print(cp.squeeze(z))
