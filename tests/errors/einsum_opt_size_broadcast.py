import cupy as cp

print(cp.einsum("ij,kj", cp.ones((2, 3)), cp.ones((1, 4)), optimize=True))
