import cupy as cp

s = cp.cuda.Stream()
f = s.synchronize
