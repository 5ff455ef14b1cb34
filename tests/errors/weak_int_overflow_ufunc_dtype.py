import cupy as cp

a = cp.arange(3, dtype=cp.int16)
b = cp.add(a, 1, dtype=cp.int32)
c = cp.add(a, 128, dtype=cp.int8)
