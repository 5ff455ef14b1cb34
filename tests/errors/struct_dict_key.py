import numpy
d = numpy.dtype({'names': ['a'], 'formats': ['i4'],
                 'titles': ['A']})
