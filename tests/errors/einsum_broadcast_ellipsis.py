import cupy as cp

print(cp.einsum("...j,...j->...", cp.ones((2, 3, 4)),
                cp.ones((5, 4))))
