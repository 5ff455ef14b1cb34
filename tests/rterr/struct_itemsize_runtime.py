# A structured dtype whose itemsize is known only at run time is checked then, as NumPy checks
# it: smaller than its fields' end is NumPy's ValueError; the output before it is kept.
import numpy
import cupy

size = cupy.asnumpy(cupy.arange(3) * 3)      # 0, 3, 6
print("before")
d = numpy.dtype(dict(names=['a', 'b'], formats=[numpy.int32, numpy.int16], itemsize=size[1].item()))
print("not reached", d.itemsize)
