import cupy as cp

z = cp.array([1 + 1e-9j, 2 + 0j], dtype=cp.complex64)
r = cp.real_if_close(z, tol=1000)
