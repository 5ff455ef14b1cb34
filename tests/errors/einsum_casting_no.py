import cupy as cp

a = cp.ones(3, dtype=cp.float32)
print(cp.einsum("i,i", a, cp.ones(3), casting="no"))
