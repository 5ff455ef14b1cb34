import cupy as cp

v = cp.ones(3)
print(cp.einsum("i->i1",
                v))
