import cupy as cp

x = cp.ones(3)
s = cp.polynomial.polyutils.as_series(x)
