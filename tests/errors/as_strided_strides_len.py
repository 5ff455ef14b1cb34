import cupy as cp
from cupy.lib.stride_tricks import as_strided

x = cp.arange(6.0)
print(as_strided(x, shape=(2, 3)))
