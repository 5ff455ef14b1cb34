import cupy as cp

p = cp.poly1d(cp.array(2.0), r=True)
