import numpy
import cupy
offs = cupy.asnumpy(cupy.array([0, 8]))
d = numpy.dtype({'names': ['a', 'b'], 'formats': [numpy.int32, numpy.int32], 'offsets': offs}, align=True)
