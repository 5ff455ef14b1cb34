import cupy as cp

print(cp.einsum("ijk->k", cp.ones((2, 3)), optimize=True))
