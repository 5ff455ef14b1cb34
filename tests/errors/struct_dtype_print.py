import numpy
d = numpy.dtype([('a', 'i4')])
print(d)
