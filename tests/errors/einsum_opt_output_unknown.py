import cupy as cp

print(cp.einsum("ij->ik", cp.ones((2, 3)), optimize="optimal"))
