import cupy as cp

x = cp.zeros(3)
h = cp.asnumpy(x, stream=3)
