import cupy as cp

print(cp.einsum("ij,jk", cp.ones((2, 3)), cp.ones(3), optimize=True))
