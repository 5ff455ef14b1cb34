import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    x[0] = 1


k[4](cp.zeros(2))
