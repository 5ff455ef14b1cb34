# NumPy twin of tests/e2e/device_pools.py (produces its .expected): the relations it prints
# hold on a working GPU; the arrays are computed here.
import numpy as np

print(0, 0)
a = np.ones((1000, 1000))
b = a * 2.0
print(True, True, True)
print(True, True)
c = b + 1.0
print(True, float(c.sum()))
print(1 << 30)
print(True)
print(0)
h = np.zeros((2, 3), dtype=np.float32)
e = np.empty(4)
e[...] = 1.5
print(h, h.dtype, e)
hl = np.zeros_like(h, dtype=np.int16)
el = np.empty_like(e, shape=(2, 2))
el[...] = 2.5
print(hl, hl.dtype, el)
print((2, 5), np.dtype(np.float64), True, True)
print((1, 3), True)
print(np.dtype(np.int64), True)
print(True)
print(np.arange(5))
print(16, 16)
print(True, True)
print(np.arange(6))
