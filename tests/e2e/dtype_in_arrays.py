import cupy as cp


def describe(x):
    dt = x.dtype
    if dt in (cp.float32, cp.float64):
        kind = 'real float'
    elif dt not in [cp.complex64, cp.complex128]:
        kind = 'integer or bool'
    else:
        kind = 'complex'
    return kind + ' ' + dt.name + ' ' + dt.kind + ' ' + dt.char + ' ' + str(dt.itemsize)


for x in (cp.arange(4, dtype=cp.float32), cp.arange(3), cp.ones(2, dtype=cp.complex64),
          cp.zeros(2, dtype=cp.bool_), cp.linspace(0, 1, 5)):
    print(describe(x))

y = cp.arange(6, dtype=cp.int16).reshape(2, 3)
print(y.dtype in (cp.int16, cp.int32), y.dtype not in (cp.int16,), cp.dtype(y.dtype).kind)
if y.dtype.kind in 'iu':
    y = y.astype(cp.float64) / 2
print(y, y.dtype.str, y.dtype == 'float64')
z = cp.sqrt(y) if y.dtype.kind == 'f' else y
print(z.dtype.name, z.dtype in ('float64',), z.dtype.type(2.5) * z[1, 1])
