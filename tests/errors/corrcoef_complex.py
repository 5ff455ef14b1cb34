import cupy as cp

m = cp.ones((2, 3), dtype=cp.complex128)
print(cp.corrcoef(m))
