import cupy as cp
a = cp.arange(4.0)
x = a.reshape(2, 2).item(1, 2, 3)
