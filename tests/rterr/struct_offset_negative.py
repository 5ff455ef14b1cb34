# Offsets of a structured dtype known only at run time are checked then: a negative one is
# NumPy's ValueError.
import numpy
import cupy

offs = cupy.asnumpy(cupy.array([0, 8]) - 12)
print("before")
d = numpy.dtype({'names': ['a', 'b'], 'formats': [numpy.int32, numpy.int32], 'offsets': offs})
print("not reached", d.itemsize)
