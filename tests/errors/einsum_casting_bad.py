import cupy as cp

print(cp.einsum("i->", cp.ones(3), casting="sometimes"))
