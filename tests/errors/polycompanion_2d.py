import cupy as cp

m = cp.polynomial.polynomial.polycompanion(cp.ones((2, 3)))
