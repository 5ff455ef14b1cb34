import cupy as cp
a = cp.arange(3, dtype=cp.int16)
b = a.view(cp.int32)
print(b)
