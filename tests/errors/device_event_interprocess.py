import cupy as cp

e = cp.cuda.Event(interprocess=True)
