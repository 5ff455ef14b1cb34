# gpyc flags: --dump-after=fusion
# --dump-after names a pass of compiler/passes/passes.c's list (or all); the error lists them
import cupy as cp
x = cp.ones(4)
print(x + 1.0)
