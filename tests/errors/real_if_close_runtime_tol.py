import cupy as cp

t = float(cp.sum(cp.ones(3)))
r = cp.real_if_close(cp.ones(3) * 1j, tol=t)
