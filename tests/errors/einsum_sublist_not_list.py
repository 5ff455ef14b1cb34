import cupy as cp

a = cp.ones(3)
print(cp.einsum(a, 0))
