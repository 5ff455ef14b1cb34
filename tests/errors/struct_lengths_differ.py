import numpy
d = numpy.dtype({'names': ['a', 'b'], 'formats': ['i4']})
