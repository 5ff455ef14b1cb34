import cupy as cp

print(cp.linalg.norm(cp.ones(3), "nuc"))
