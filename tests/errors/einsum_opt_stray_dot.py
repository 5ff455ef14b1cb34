import cupy as cp

print(cp.einsum("i.j", cp.ones((3, 3)), optimize=True))
