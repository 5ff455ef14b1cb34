# A masked reduction whose mask is computed from an array of another length (masked.c; the
# check reads the shape of the mask's input once the mask fuses into the reduction).
# Expected: twins/masked_reduce_shape.py (NumPy 2's words; the oracle's NumPy 1.24 says "dimension").
import cupy as cp

r = cp.arange(5.0)
x = cp.arange(4.0)
print(x[r > 10].sum())
