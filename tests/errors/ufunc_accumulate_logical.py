import cupy as cp
a = cp.arange(4.0)
x = cp.logical_and.accumulate(a)
