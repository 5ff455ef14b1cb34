import cupy as cp

o = cp.zeros(2, dtype=cp.complex128)
cp.einsum("ij->i", cp.ones((2, 3)), out=o, dtype=cp.float64)
