import cupy as cp

print(cp.einsum("...ijk", cp.ones((2, 3)), optimize=True))
