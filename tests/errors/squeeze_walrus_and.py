import sys
import cupy as cp

z = cp.zeros((1, 3))
ok = len(sys.argv) > 5 and (z := cp.ones((2, 3))).size > 0
print(ok, cp.squeeze(z).ndim)
