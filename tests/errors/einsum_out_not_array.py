import cupy as cp

cp.einsum("ij->", cp.ones((2, 3)), out=0.0)
