# cp.histogramdd of an (N, 3) sample with bins for 2 axes: NumPy's ValueError (checked at run time).
import sys

import cupy as cp

pts = cp.ones((5, len(sys.argv) + 2))  # 3 columns, a number known only at run time
H, edges = cp.histogramdd(pts, bins=[2, 2])
print(H)
