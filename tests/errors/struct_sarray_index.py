import numpy
d = numpy.dtype({'names': ['a', 'b'], 'formats': [numpy.int32, numpy.float64]})
s = numpy.zeros(3, dtype=d)
print(s[0])
