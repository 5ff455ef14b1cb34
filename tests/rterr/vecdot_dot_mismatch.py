# dot of two 1-d arrays of different lengths (a fused sum(a * b), vecdot.c): dot's message,
# after a matching pair ran
import cupy as cp

a = cp.arange(4.0)
print(cp.dot(a, a), a @ a)
print(cp.dot(a, cp.ones(3)))
