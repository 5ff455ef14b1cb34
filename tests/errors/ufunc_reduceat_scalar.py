import cupy as cp
a = cp.arange(4.0)
x = cp.add.reduceat(3.0, [0])
