import cupy as cp

x = cp.float32(2.0)
print(x in (1, 2))
