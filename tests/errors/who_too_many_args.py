import cupy as cp

a = cp.arange(3)
cp.who({'a': a}, 1)
