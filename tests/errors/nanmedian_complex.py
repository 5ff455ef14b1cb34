import cupy as cp

m = cp.ones((3, 4), dtype=cp.complex64)
print(cp.nanmedian(m))
