import cupy as cp

x = cp.zeros(3)
h = x.get(stream=3)
