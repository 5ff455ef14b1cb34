# gpyc flags: --device-opt=4
# --device-opt is nvcc's device optimisation level, 0 to 3
import cupy as cp
print(cp.ones(4) + 1.0)
