# NumPy twin of tests/e2e/ukernel_structs.py: the same structured dtypes (NumPy computes their
# layouts) and the kernels' results computed with NumPy, run by tests/oracle/run-numpy to
# produce ukernel_structs.expected (tests/e2e/regen.sh).
import numpy

double3 = numpy.dtype({'names': ['x', 'y', 'z'], 'formats': [numpy.float64] * 3})
packed = numpy.dtype({'names': ['a', 'b', 'c'], 'formats': [numpy.int8, numpy.float64, numpy.int16]})
aligned = numpy.dtype({'names': ['a', 'b', 'c'], 'formats': [numpy.int8, numpy.float64, numpy.int16]},
                      align=True)
spaced = numpy.dtype({'names': ['i', 'j'], 'formats': ['i4', 'i8'], 'offsets': [0, 8], 'itemsize': 24})
listed = numpy.dtype([('id', numpy.int32), ('m', numpy.float32, (2, 2)), ('v', double3)])
nested = numpy.dtype([('c', 'i1'), ('s', aligned)], align=True)
flagged = numpy.dtype({'names': ['c', 'z'], 'formats': ['u1', 'c16'], 'aligned': True})
for name, d in (('double3', double3), ('packed', packed), ('aligned', aligned), ('spaced', spaced),
                ('listed', listed), ('nested', nested), ('flagged', flagged)):
    print(name, d.itemsize, d.alignment, d.names)

# add3: out = lhs + rhs, rhs one double3 by value
N = 5
lhs = numpy.arange(3 * N, dtype=numpy.float64).reshape(N, 3)
rhs = numpy.array([0.5, 10.0, 100.0])
print(lhs + rhs[None, :])

# use_spaced: out[t] = s.i * t + s.j * 3 + scale, s read from the int32 words [7, -1, 5, 0, 0, 0]
s = numpy.array([7, -1, 5, 0, 0, 0], dtype=numpy.int32).view(spaced)[0]
t = numpy.arange(4, dtype=numpy.int64)
print(int(s['i']) * t + int(s['j']) * 3 + 1000)
# sizes: sizeof and alignof of the C struct, which NumPy's layout of spaced matches
print(numpy.array([spaced.itemsize, 8], dtype=numpy.int64), spaced.itemsize)

# madd<T>: out[i][r][c] = A[i][r][c] * (r + 1) + C[r][c]
for (ctype, dtype) in zip(('float', 'double'), (numpy.float32, numpy.float64)):
    A = numpy.arange(4 * 3, dtype=dtype).reshape(3, 2, 2)
    C = numpy.array([0.25, 0.5, 0.75, 1.0], dtype=dtype)
    Matrix = numpy.dtype({'names': ['value'], 'formats': [(dtype, (2, 2))]})
    res = A * numpy.array([1, 2], dtype=dtype)[None, :, None] + C.reshape(2, 2)[None]
    print(ctype, Matrix.itemsize, res.dtype)
    print(res)

# affine: y = x * 2 + 1
print(numpy.arange(4.0) * 2 + 1)
