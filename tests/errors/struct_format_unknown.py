import numpy
d = numpy.dtype({'names': ['a'], 'formats': ['i9']})
