import sys

import cupy as cp

pts = cp.ones((5, len(sys.argv) + 2))
H, edges = cp.histogramdd(pts, bins=4)
