import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    a = b = 1


k((1,), (1,), (cp.zeros(2),))
