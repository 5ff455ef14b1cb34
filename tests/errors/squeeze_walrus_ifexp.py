import sys
import cupy as cp

z = cp.zeros((1, 3))
k = (z := cp.ones((2, 3))).ndim if len(sys.argv) > 5 else cp.squeeze(z).ndim
print(k)
