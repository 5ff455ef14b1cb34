# A structured view passed by value must be one element (CuPy passes a NumPy array of size one
# only): two double3 values are CuPy's TypeError at the launch's line; the output before it is
# kept.
import numpy
import cupy

double3 = numpy.dtype({'names': ['x', 'y', 'z'], 'formats': [numpy.float64] * 3})
k = cupy.RawKernel(r'''
extern "C" __global__ void put(double3 v, double *out) { out[0] = v.x + v.y + v.z; }
''', 'put')
out = cupy.zeros(1)
v = numpy.arange(6.0)
print("before")
k((1,), (1,), (v.view(double3), out))
print("not reached")
