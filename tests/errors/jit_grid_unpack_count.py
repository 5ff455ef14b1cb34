import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    i, j = jit.grid(3)
    x[i] = j


k((1,), (1,), (cp.zeros(2),))
