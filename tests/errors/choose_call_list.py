import cupy as cp
a = cp.arange(4.0)
x = cp.arange(2).choose(list(a))
