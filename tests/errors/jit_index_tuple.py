import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    x[0, 1] = 2.0


k((1,), (1,), (cp.zeros(4),))
