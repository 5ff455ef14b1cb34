import cupy as cp

print(cp.einsum("ij,i1", cp.ones((2, 3)), cp.ones(3), optimize="greedy"))
