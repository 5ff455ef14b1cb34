# cp.histogramdd of an (N, 3) sample with bins for 2 axes: NumPy's ValueError (checked at run time).
import cupy as cp

pts = cp.ones((5, 3))
H, edges = cp.histogramdd(pts, bins=[2, 2])
print(H)
