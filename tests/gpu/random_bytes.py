# cupy.random.bytes: CuPy's is numpy.random.bytes (NumPy's global legacy generator), so a
# seeded NumPy state gives the same bytes whatever cupy.random's seed; exact.
import cupy as cp
import numpy as np

np.random.seed(7)
cp.random.seed(1)
print(cp.random.bytes(13))
print(cp.random.bytes(4), cp.random.bytes(0), cp.random.bytes(1))
b = cp.random.bytes(4001)
print(len(b), cp.frombuffer(b, dtype=cp.uint8).astype(cp.int64).sum().item(), b[4000], b[-2])
np.random.seed(2**32 - 1)
print(cp.random.bytes(9), np.random.randint(0, 1000))
