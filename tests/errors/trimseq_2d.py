import cupy as cp

s = cp.polynomial.polyutils.trimseq(cp.ones((2, 2)))
