import cupy as cp

o = cp.zeros(3, dtype=cp.int64)
cp.add(cp.arange(3), 0.5, out=o)
