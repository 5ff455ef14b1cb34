import cupy as cp
a = cp.arange(4.0)
x = cp.add(a, cp.arange(4, dtype=cp.int32), casting='no')
