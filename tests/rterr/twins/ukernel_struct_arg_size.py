# Stand-in for tests/rterr/ukernel_struct_arg_size.py under the NumPy oracle, which has no
# RawKernel: the TypeError CuPy 14's kernel call raises (cupy/cuda/function.pyx, _pointer) for a
# NumPy array of another size than one, with the view's shape as NumPy computes it.
import numpy

double3 = numpy.dtype({'names': ['x', 'y', 'z'], 'formats': [numpy.float64] * 3})
v = numpy.arange(6.0).view(double3)
print("before")
raise TypeError('You are trying to pass a numpy.ndarray of shape {} as a kernel parameter. Only '
                'numpy.ndarrays of size one can be passed by value. If you meant to pass a pointer '
                'to __global__ memory, you need to pass a cupy.ndarray instead.'.format(v.shape))
