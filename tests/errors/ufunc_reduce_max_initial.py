import cupy as cp
a = cp.arange(4.0)
x = cp.maximum.reduce(a, initial=0.0)
