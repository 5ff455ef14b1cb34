import numpy
d = numpy.dtype({'names': ['x'], 'formats': ['f8'],
                 'itemsize': 4})
