import cupy as cp

v = cp.ones((3, 3))
print(cp.einsum("iä",
                v))
