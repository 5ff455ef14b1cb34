import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    i = jit.grid(2)


k((1,), (1,), (cp.zeros(2),))
