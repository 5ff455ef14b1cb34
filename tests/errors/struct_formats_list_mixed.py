import numpy
formats = [numpy.int32, 'f8']
d = numpy.dtype({'names': ['a', 'b'], 'formats': formats})
