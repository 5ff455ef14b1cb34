import cupy as cp
a = cp.arange(4.0)
x = cp.add.accumulate(a.reshape(2, 2), axis=None)
