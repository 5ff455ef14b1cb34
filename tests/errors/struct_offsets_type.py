import numpy
d = numpy.dtype({'names': ['a', 'b'], 'formats': [numpy.int32, numpy.int32], 'offsets': 'ab'})
