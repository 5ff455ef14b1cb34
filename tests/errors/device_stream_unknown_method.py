import cupy as cp

s = cp.cuda.Stream()
s.begin_capture()
