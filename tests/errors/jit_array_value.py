import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, y):
    v = x


k((1,), (1,), (cp.zeros(2), cp.zeros(2)))
