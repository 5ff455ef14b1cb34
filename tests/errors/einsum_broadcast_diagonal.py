import cupy as cp

print(cp.einsum("iij,ij->j", cp.ones((3, 3, 2)), cp.ones((3, 4))))
