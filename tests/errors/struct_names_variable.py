import numpy
names = ['x', 'y']
if len(names) > 1:
    names = ['x', 'z']
d = numpy.dtype({'names': names, 'formats': [numpy.float32] * 2})
