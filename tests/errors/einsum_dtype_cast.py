import cupy as cp

a = cp.ones((2, 3), dtype=cp.float32)
print(cp.einsum("ij,jk->ik", a, cp.ones((3, 4)), dtype=cp.float32))
