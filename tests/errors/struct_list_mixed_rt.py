import numpy
import cupy
n = cupy.asnumpy(cupy.array([8]))
rt = numpy.dtype({'names': ['x'], 'formats': [numpy.int32], 'itemsize': n[0]})
formats = [numpy.int32, rt]
