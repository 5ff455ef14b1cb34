# @ of two 1-d arrays of different lengths (a fused sum(a * b), vecdot.c): matmul's message
import cupy as cp

a = cp.arange(4.0, dtype=cp.float32)
print(a[:0] @ a[:0], a[1:] @ a[:3])
print(a @ a[1:])
