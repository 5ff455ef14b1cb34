import cupy as cp

o = cp.zeros((2, 4), dtype=cp.float32)
cp.einsum("ij,jk->ik", cp.ones((2, 3)), cp.ones((3, 4)), out=o)
