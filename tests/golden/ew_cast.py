# elementwise casts: int32 with float32 (float64 loop), an astype, a Python int and float under
# NEP 50 (the array's dtype wins), a comparison to bool; the casts fuse into one kernel
import cupy as cp
i = cp.arange(100, dtype=cp.int32)
f = cp.ones(100, dtype=cp.float32)
a = i + f
b = i.astype(cp.float32) * 2 + 0.5
c = (i * 3 > 7) & (f < 2.0)
print(a, b, c)
