import cupy as cp

m, e = cp.frexp(cp.array([1 + 2j]))
