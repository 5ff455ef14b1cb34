import cupy as cp
a = cp.arange(4.0)
x = cp.sqrt(a, where=a > 1)
