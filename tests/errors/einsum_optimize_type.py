import cupy as cp

a = cp.ones((2, 3))
print(cp.einsum("ij,kj->ik", a, a,
                optimize=2))
