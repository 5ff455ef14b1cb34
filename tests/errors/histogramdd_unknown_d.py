import cupy as cp

pts = cp.ones((5, 3))
H, edges = cp.histogramdd(pts, bins=4)
