import cupy as cp

a = cp.arange(6)
a[cp.array([0, 1])] += 0.5
