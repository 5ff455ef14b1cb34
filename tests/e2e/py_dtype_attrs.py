import cupy as cp
import numpy as np

for t in (cp.bool_, cp.int8, cp.int16, cp.int32, cp.int64, cp.uint8, cp.uint16, cp.uint32,
          cp.uint64, cp.float16, cp.float32, cp.float64, cp.complex64, cp.complex128):
    d = cp.dtype(t)
    print(d.name, d.kind, d.char, d.itemsize, d.num, d.str, d.byteorder, d.alignment, cp.dtype(d.type).name)
print(cp.dtype('f4').kind, cp.dtype('i').char, np.dtype(float).name, cp.dtype(int).kind == 'i')
d = cp.dtype(cp.float32)
print(d in (cp.float32, cp.float64), d not in [cp.int32, cp.int64], d in (cp.float64,))
print(d in ('float32', 'f8'), d == float, cp.dtype(float) == float, d in ())
print(d == 'f4', d != 'float32', d == cp.float32, d == 3, cp.dtype(None) == cp.float64, d == 'no')
dtypes = (cp.float32, cp.float64)
print(cp.dtype('float64') in dtypes, cp.dtype('c8') in dtypes)
if d.kind in 'fc':
    print('inexact', d.name)
if d.kind not in ('i', 'u'):
    print('not an integer')
