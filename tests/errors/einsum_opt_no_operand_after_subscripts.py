import cupy as cp

print(cp.einsum("ij->ji", optimize=True))
