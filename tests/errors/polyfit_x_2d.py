import cupy as cp
a = cp.arange(4.0)
c = cp.polyfit(a.reshape(2, 2), a, 1)
