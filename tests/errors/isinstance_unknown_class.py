import cupy as cp

x = cp.zeros(3)
print(isinstance(x, cp.float32))
