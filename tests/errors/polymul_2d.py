import cupy as cp
a = cp.arange(4.0)
c = cp.polymul(a.reshape(2, 2), a)
