import cupy as cp

f = cp.fuse(3)
