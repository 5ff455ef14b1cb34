import cupy as cp

v = cp.polynomial.polynomial.polyvander(cp.ones(3), -1)
