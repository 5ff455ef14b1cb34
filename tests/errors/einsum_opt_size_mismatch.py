import cupy as cp

print(cp.einsum("ij,jk,kl->il", cp.ones((2, 3)), cp.ones((3, 5)), cp.ones((4, 5)), optimize="greedy"))
