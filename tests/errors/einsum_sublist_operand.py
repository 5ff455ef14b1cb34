import cupy as cp

print(cp.einsum(cp.ones(3), [0], 2.0, []))
