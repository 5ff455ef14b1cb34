# A store fused into the reduction after it (compiler/passes/storered.c) whose value does not
# fit the array: the run time falls back to the store's own kernel, which raises NumPy's error
import cupy as cp

A = cp.zeros((4, 4))
y = cp.ones(4)
print((A * y[:, None]).sum(axis=0))
n = int(A.shape[0]) - 1
A[...] = cp.ones(n) * 2.0
print((A * y[:, None]).sum(axis=0))
