import cupy as cp

z = cp.array([1 + 1e-15j, 2 + 0j])
r = cp.real_if_close(z)
