import cupy as cp

m = cp.ones(3)
print(m.var(dtype=cp.int32))
