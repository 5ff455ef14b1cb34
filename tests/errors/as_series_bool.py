import cupy as cp

s = cp.polynomial.polyutils.as_series([cp.ones(2), cp.ones(3, dtype=cp.bool_)])
