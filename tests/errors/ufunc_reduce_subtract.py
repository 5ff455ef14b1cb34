import cupy as cp
a = cp.arange(4.0)
x = cp.subtract.reduce(a)
