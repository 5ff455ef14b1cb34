import cupy as cp
import numpy
from cupyx import jit

pair = numpy.dtype({'names': ['a', 'b'], 'formats': [numpy.float64, numpy.float64]})


@jit.rawkernel()
def k(x, s):
    x[0] = 1


x = cp.zeros(4)
k((1,), (1,), (x, x.view(pair)))
