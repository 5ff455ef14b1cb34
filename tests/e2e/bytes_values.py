# bytes values: x.tobytes() (C and Fortran order, every dtype's bytes), len, indexing, slicing,
# truth, print/repr as CPython's, frombuffer (dtype, count, offset), cupy.random.bytes and
# numpy.random.bytes (NumPy's global legacy generator, as CuPy's bytes is NumPy's).
import cupy as cp
import numpy as np

x = cp.arange(6, dtype=cp.int16).reshape(2, 3)
b = x.tobytes()
print(b)
print(len(b), b[0], b[-1], b[2], b[-12], b[2:6], b[::4], b[10:], b[7:3])
print(x.tobytes('F'), x.T.tobytes(), x[:, 1].tobytes(order=None))
print(repr(cp.array([1.5, -2.0], dtype=cp.float32).tobytes()))
print(cp.array([1 + 2j], dtype=cp.complex64).tobytes(), cp.array([True, False]).tobytes())
print(cp.array(7, dtype=cp.uint8).tobytes(), cp.zeros((2, 0)).tobytes())
print(cp.array([39, 34, 92, 10, 200, 65, 9, 13, 127, 0, 126], dtype=cp.uint8).tobytes())
print(cp.array([39, 65], dtype=cp.uint8).tobytes(), cp.array([34, 39], dtype=cp.uint8).tobytes())
print(bool(b), bool(b[0:0]), type(b).__name__, str(b[:2]))
t = (b[:2], 3)
print(t, [b[1:3]])
if b[4:4]:
    print("nonempty")
else:
    print("empty")

y = cp.frombuffer(b, dtype=cp.int16)
print(y, y.dtype, y.shape)
print(cp.frombuffer(b, dtype=cp.uint8, count=4, offset=2))
print(cp.frombuffer(b, dtype=cp.int32, offset=4), cp.frombuffer(b, dtype=cp.int16, count=0, offset=12))
print(cp.frombuffer(b, cp.uint16, -1, 2) + 1)
f = cp.frombuffer(cp.linspace(0.0, 1.0, 5).tobytes())
print(f, f.dtype)
print(cp.frombuffer(cp.array([1.0, 2.5], dtype=cp.float32).tobytes('C'), dtype=cp.float32)[1])
print(np.frombuffer(x.tobytes('F'), dtype=cp.int16).reshape(3, 2))

np.random.seed(5)
print(cp.random.bytes(10))
print(np.random.bytes(7), len(np.random.bytes(0)), cp.random.bytes(-3))
r = cp.random.bytes(5)
print(cp.frombuffer(r, dtype=cp.uint8), r[0], r[4])
np.random.seed(123)
u = np.random.bytes(16)
print(cp.frombuffer(u, dtype=cp.uint32), len(cp.random.bytes(13)), np.random.randint(0, 100))

lit = b'abc\x00\xff\n' b"'q"
print(lit, len(lit), lit[3], lit[-3], lit[1:4])
print(b'', rb'\x00\n', b'\u1234 \N{DASH}', b'\101\7\777', len(b''))
print(cp.frombuffer(b'\x01\x00\x02\x00', dtype=cp.int16), cp.frombuffer(b'hello world', dtype=cp.uint8, count=5, offset=6))
print(np.frombuffer(b'\x00\x00\x80?', dtype=np.float32))
print(f"{lit!r} {lit[:2]}", "%s %r" % (lit[:1], lit[1:2]), "{}".format(b''))
