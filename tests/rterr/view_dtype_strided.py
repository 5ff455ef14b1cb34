import cupy as cp
a = cp.arange(12, dtype=cp.int32).reshape(3, 4)
b = a[:, ::2].view(cp.int16)
print(b)
