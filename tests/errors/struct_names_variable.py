import numpy
names = ['x', 'y']
d = numpy.dtype({'names': names, 'formats': [numpy.float32] * 2})
