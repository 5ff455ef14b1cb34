import cupy as cp

s = cp.ones((3, 3), dtype=cp.int64)
print(cp.einsum("ii->", s, dtype=cp.int32))
