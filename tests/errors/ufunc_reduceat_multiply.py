import cupy as cp
a = cp.arange(4.0)
x = cp.multiply.reduceat(a, [0, 2])
