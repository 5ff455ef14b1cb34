# all 13 dtypes: creation with dtype=, astype, printing; NumPy scalar types called as
# functions (0-d arrays in gpyc); uint8 wraparound, integer division by zero, float→int casts
import cupy as cp



def show(dt):
    z = cp.zeros(3, dtype=dt)
    o = cp.ones((2, 2), dtype=dt)
    r = cp.arange(4, dtype=dt)
    l = cp.array([1, 0, 3], dtype=dt)
    f = cp.full(2, 5, dtype=dt)
    print(z.dtype, z, o.dtype.name, o.itemsize, r, l, f, l.astype(cp.float64), r.astype(cp.int32).dtype)


print(cp.zeros(3, dtype=cp.bool_), cp.ones(2, dtype=cp.bool_), cp.array([1, 0, 3], dtype=cp.bool_),
      cp.arange(2).astype(cp.bool_), cp.full(2, 5, dtype=cp.bool_).dtype)
show(cp.int8)
show(cp.int16)
show(cp.int32)
show(cp.int64)
show(cp.uint8)
show(cp.uint16)
show(cp.uint32)
show(cp.uint64)
show(cp.float16)
show(cp.float32)
show(cp.float64)
show(cp.complex64)
show(cp.complex128)
print(cp.array([2, 1], dtype='bool'), cp.array([2, 1], dtype='int8'), cp.array([2, 1], dtype='i2'),
      cp.array([2, 1], dtype='int32'), cp.array([2, 1], dtype='i8'), cp.array([2, 1], dtype='uint8'),
      cp.array([2, 1], dtype='u2'), cp.array([2, 1], dtype='uint32'), cp.array([2, 1], dtype='u8'))
print(cp.array([2, 1], dtype='float16'), cp.array([2, 1], dtype='f4'), cp.array([2, 1], dtype='float64'),
      cp.array([2, 1], dtype='c8'), cp.array([2, 1], dtype='complex128'))
print(cp.zeros(1, dtype='uint16').dtype == cp.dtype('u2'), cp.ones(1, dtype='f2').dtype)
print(cp.array([1.5, -2.25], dtype=cp.float16), cp.array([1e-3, 65504.0], dtype=cp.float16))
print(cp.array([1 + 2j, 0.5 - 0.5j], dtype=cp.complex64), cp.ones(2, dtype=cp.complex128) * 1j)
print(cp.array([0.1, 1 / 3], dtype=cp.float32), cp.array([0.1, 1 / 3]))
# scalar types as functions
s = cp.float32(2.5)
print(s, s * 2, (s * 2).dtype, (cp.ones(2, dtype=cp.float16) * s).dtype)
print(cp.int8(3), cp.int8(3) + 1, (cp.int8(3) + 1).dtype, cp.uint8(200) + cp.uint8(100))
print(cp.float64(1) / 3, cp.complex64(1.5), cp.bool_(2), cp.int32(7.9), cp.float16(0.1), cp.int64())
print(cp.float32(cp.arange(3)), cp.int16(cp.array([1.7, -2.7])).dtype)
print((cp.arange(3, dtype=cp.int8) + cp.int16(1)).dtype, (cp.arange(3, dtype=cp.float32) + cp.float64(1)).dtype)
# wraparound and division by zero
u = cp.array([250, 251, 255], dtype=cp.uint8)
print(u + 10, u * 3, cp.array([127, -128], dtype=cp.int8) + 1, cp.array([0], dtype=cp.uint32) - 1)
i = cp.array([7, -7, 0], dtype=cp.int32)
print(i // 0, i % 0, cp.array([7, 0], dtype=cp.uint8) // cp.array([0, 0], dtype=cp.uint8))
# float → int casts of in-range values truncate toward zero
fl = cp.array([3.7, -3.7, 0.5, -0.5, 127.9, 255.5])
print(fl.astype(cp.int8)[:5], fl[4:].astype(cp.uint8), fl.astype(cp.int64), fl.astype(cp.int16))
print(cp.array([1.9, 2.1], dtype=cp.float16).astype(cp.int32), cp.array([3 + 4j]).astype(cp.float64))
print(cp.array([0.0, 2.0, -0.5]).astype(cp.bool_), cp.array([0, 3]).astype(cp.complex64))
