# A scatter through a mask of another shape (masked.c's select): NumPy's IndexError, before
# anything is written, even where the mask would broadcast.
# Expected: the last stderr line of run-numpy (NumPy 1.26 here), reworded as NumPy 2 and the runtime
# word it (sed 's/along dimension \(N\); dimension is \(A\) but corresponding boolean dimension is \(B\)/along axis \1; size of axis is \2 but size of corresponding boolean axis is \3/').
import cupy as cp

A = cp.arange(12.0).reshape(3, 4)
m = cp.ones((1, 4), dtype=cp.bool_)
print(A.sum())
A[m] = A[m] * 2.0
print(A)
