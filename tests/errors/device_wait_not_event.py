import cupy as cp

s = cp.cuda.Stream()
s.wait_event(s)
