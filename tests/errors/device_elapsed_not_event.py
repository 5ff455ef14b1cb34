import cupy as cp

s = cp.cuda.Stream()
t = cp.cuda.get_elapsed_time(s, s)
