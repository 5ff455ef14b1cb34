import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    x[0] = n


k((1,), (1,), (cp.zeros(2),))
