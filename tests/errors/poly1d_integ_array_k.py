import cupy as cp

p = cp.poly1d([1, 2])
q = p.integ(2, k=cp.ones(2))
