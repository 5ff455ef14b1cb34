import cupy as cp

print(cp.einsum(optimize=True))
