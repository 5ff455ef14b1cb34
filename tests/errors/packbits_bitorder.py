import cupy as cp

print(cp.packbits(cp.ones(8, dtype=bool), bitorder="middle"))
