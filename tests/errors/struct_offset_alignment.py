import numpy
d = numpy.dtype({'names': ['a', 'b'], 'formats': ['i4', 'i4'],
                 'offsets': [0, 2]}, align=True)
