# gpyc flags: --jobs=0
# --jobs is how many nvcc processes a compile may run at once, at least 1
import cupy as cp
print(cp.ones(4) + 1.0)
