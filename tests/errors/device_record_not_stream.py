import cupy as cp

e = cp.cuda.Event()
e.record(e)
