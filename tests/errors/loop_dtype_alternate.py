# Compile-time values (dtypes) that a loop swaps every iteration: the first iteration is
# compiled apart, but the second and third still see different dtypes
import cupy as cp
import numpy as np

f = np.float32
g = np.float64
for i in range(4):
    x = cp.zeros(2, dtype=f)
    print(x.dtype)
    f, g = g, f
