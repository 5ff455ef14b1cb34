import cupy as cp

x = cp.arange(5)
y = cp.insert(x, [1.5], 0)
