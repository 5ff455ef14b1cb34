import cupy as cp

x = cp.arange(3)
print(max(v for v in x.shape))
