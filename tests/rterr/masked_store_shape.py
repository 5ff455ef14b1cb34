# A scatter through a mask of another shape (masked.c's select): NumPy's IndexError, before
# anything is written, even where the mask would broadcast.
# Expected: twins/masked_store_shape.py (NumPy 2's words; the oracle's NumPy 1.24 says "dimension").
import cupy as cp

A = cp.arange(12.0).reshape(3, 4)
m = cp.ones((1, 4), dtype=cp.bool_)
print(A.sum())
A[m] = A[m] * 2.0
print(A)
