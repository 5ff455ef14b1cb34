import cupy as cp
a = cp.arange(4.0)
x = cp.add.accumulate(3.0)
