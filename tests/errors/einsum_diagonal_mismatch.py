import cupy as cp

print(cp.einsum("iij->j",
                cp.ones((2, 3, 4))))
