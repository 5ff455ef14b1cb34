import cupy as cp

x = cp.arange(5)
y = cp.select([x > 1,
               x], [x, x])
