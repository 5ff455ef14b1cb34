import cupy as cp

z = cp.zeros(2, dtype=cp.complex128)
z.dtype = cp.float64
