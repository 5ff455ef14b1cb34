import cupy as cp

x = cp.arange(6.0)
print(cp.lib.stride_tricks.as_strided(x, shape=2.5, strides=(8,)))
