import cupy as cp
a = cp.arange(4.0)
c = cp.polyfit(a, a, 1, full=True)
