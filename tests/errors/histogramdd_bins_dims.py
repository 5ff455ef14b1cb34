import cupy as cp

pts = cp.ones((5, 3))
H, edges = cp.histogramdd(pts, bins=[2, 2])
print(H)
