# A masked reduction whose mask is computed from an array of another length (masked.c; the
# check reads the shape of the mask's input once the mask fuses into the reduction).
# Expected: the last stderr line of run-numpy (NumPy 1.26 here), reworded as NumPy 2 and the runtime
# word it (sed 's/along dimension \(N\); dimension is \(A\) but corresponding boolean dimension is \(B\)/along axis \1; size of axis is \2 but size of corresponding boolean axis is \3/').
import cupy as cp

r = cp.arange(5.0)
x = cp.arange(4.0)
print(x[r > 10].sum())
