import cupy as cp

m = cp.polynomial.polynomial.polycompanion(cp.ones(3, dtype=cp.bool_))
