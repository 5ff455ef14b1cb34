import numpy
two = numpy.dtype({'names': ['p', 'q'], 'formats': [numpy.int32, numpy.int32]})
three = numpy.dtype({'names': ['r', 's', 't'], 'formats': [numpy.int32, numpy.int32, numpy.int32]})
box = numpy.dtype({'names': ['k', 'pair'], 'formats': [numpy.int8, three]})
b = numpy.zeros(2, dtype=box)
b['pair'] = numpy.arange(2, dtype=numpy.int32).view(two)
