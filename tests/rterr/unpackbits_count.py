# cp.unpackbits(count=-17) of 16 bits: NumPy's ValueError.
import cupy as cp

u = cp.array([3, 5], dtype=cp.uint8)
for c in [3, -3, -16, -17]:
    print(cp.unpackbits(u, count=c))
