# elementwise (fuse.c): a 2-D array with a row and a column broadcast against it, one kernel
import cupy as cp
A = cp.ones((64, 32), dtype=cp.float32)
row = cp.arange(32, dtype=cp.float32)
col = cp.arange(64, dtype=cp.float32).reshape(64, 1)
B = A * row + col - 1.0
print(B)
