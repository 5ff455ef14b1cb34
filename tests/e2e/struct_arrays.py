# Arrays of NumPy structured dtypes (lower/api/record.c): layouts known at compile time and
# layouts known only at run time (offsets and itemsize read from arrays, as CuPy's
# examples/custom_struct/complex_struct.py measures them with a kernel), names from list('...')
# and slices of it, formats in lists held by variables, numpy.empty/zeros of a structured dtype,
# field reads and stores (values, arrays, structured values field by field), NumPy's str().
import numpy
import cupy


def make_packed(basetype, N, itemsize):
    names = list('xyzw')[:N]
    formats = [basetype] * N
    return numpy.dtype(dict(names=names, formats=formats, itemsize=itemsize))


# the layout, known only at run time: offsets and sizes computed on the device
sizes = cupy.asnumpy(cupy.array([4, 1, 2]) * cupy.array([4, 1, 8]))     # 16, 1, 16
offsets = cupy.asnumpy(cupy.cumsum(cupy.array([0, 16, 8])))             # 0, 16, 24
itemsize = cupy.asnumpy(cupy.array([48]))
atype = make_packed(numpy.int32, 4, sizes[0])
btype = make_packed(numpy.int8, 1, sizes[1])
ctype = make_packed(numpy.float64, 2, sizes[2])
print(atype.itemsize, btype.itemsize, ctype.itemsize, atype.names, ctype.names)
names = list('abc')
formats = [atype, btype, ctype]
rec = numpy.dtype(dict(names=names, formats=formats, offsets=offsets, itemsize=itemsize.item()))
print(rec.itemsize, rec.names)

s = numpy.empty(shape=(1,), dtype=rec)
s['a'] = numpy.arange(0, 4).astype(numpy.int32).view(atype)
s['b'] = numpy.arange(4, 5).astype(numpy.int8).view(btype)
s['c'] = numpy.arange(5, 7).astype(numpy.float64).view(ctype)
print("value:\n  {}".format(s))
print(s)

# three elements: columns formatted together (widths, float digits)
t = numpy.zeros(3, dtype=rec)
print(t)
t['a'] = 7
t['b'] = numpy.array([1, -20, 3]).astype(numpy.int8).view(btype)
t['c'] = numpy.array([0.5, 1.25, 100.0, -2.0, 3.0, 0.125]).view(ctype)
print(t)
print(t['a'])
print(t['c']['y'])
print(t['b']['x'] * 2)
t['c']['x'] = numpy.array([9.5, 8.0, 7.0])
print(t)
print(str(t['c']))

# a compile-time layout, 2-d, with a subarray field and a nested struct
inner = numpy.dtype([('u', numpy.int16), ('v', numpy.float32)])
outer = numpy.dtype({'names': ['id', 'm', 'in'], 'formats': [numpy.int64, (numpy.float32, 3), inner]})
g = numpy.zeros((2, 2), dtype=outer)
g['id'] = numpy.arange(4).reshape(2, 2)
g['m'] = numpy.array([1.5, 2.0, 3.0])
g['in']['u'] = 40
g['in']['v'] = numpy.array([[0.25, 1.0], [2.0, 4.0]])
print(g)
print(g['m'])
print(g['in'])

# a structured value into a structured field: by position, cast to each field's dtype
pair_i = numpy.dtype({'names': ['p', 'q'], 'formats': [numpy.int32, numpy.int32]})
pair_f = numpy.dtype({'names': ['r', 's'], 'formats': [numpy.float64, numpy.int8], 'offsets': offsets[:2] // 2,
                      'itemsize': 16})
box = numpy.dtype({'names': ['k', 'pair'], 'formats': [numpy.int8, pair_f]})
bx = numpy.zeros(2, dtype=box)
bx['pair'] = numpy.array([3, 4, 5, 6], dtype=numpy.int32).view(pair_i)
bx['k'] = numpy.array([-1, 1])
print(bx)
print(box.itemsize, pair_f.itemsize)
