import cupy as cp

cp.einsum("ij,ij->", cp.ones((2, 3)), cp.ones((2, 4)), out=cp.zeros(()))
