import cupy as cp

print(cp.unpackbits(cp.arange(3, dtype=cp.int32)))
