import numpy
d = numpy.dtype([('x', numpy.float32),
                 ('x', numpy.int32)])
