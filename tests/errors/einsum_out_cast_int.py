import cupy as cp

o = cp.zeros(2, dtype=cp.float32)
cp.einsum("ij->i", cp.ones((2, 3), dtype=cp.int32), out=o)
