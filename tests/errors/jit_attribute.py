import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    x[0] = x.ndim


k((1,), (1,), (cp.zeros(2),))
