# as_strided with a negative dimension known only at run time: CuPy's ValueError
import cupy as cp
from cupy.lib.stride_tricks import as_strided

x = cp.arange(6.0)
n = int(x.size) - 8
print(as_strided(x, shape=(2,), strides=(8,)))
print(as_strided(x, shape=(n, 2), strides=(8, 8)))
