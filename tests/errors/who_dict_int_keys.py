import cupy as cp

d = {}
d[1] = cp.arange(3)
d[2] = cp.ones(3, dtype=cp.int64)
cp.who(d)
