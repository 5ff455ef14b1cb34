import cupy as cp
a = cp.arange(4.0)
x = cp.sqrt(a, out=a, where=cp.arange(4))
