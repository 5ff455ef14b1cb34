import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, y):
    x = 1.0


k((1,), (1,), (cp.zeros(2), cp.zeros(2)))
