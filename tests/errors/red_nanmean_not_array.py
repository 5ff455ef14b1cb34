import cupy as cp

print(cp.nanmean(3.0))
