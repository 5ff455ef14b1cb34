import cupy as cp
import sys

# a dtype a loop rebinds, read after a loop that may run no iteration: either dtype
f = cp.float32
y = 0
for i in range(len(sys.argv) - 1):
    f = cp.float64
    y = "a"
print(cp.ones(1, dtype=f).dtype)
