import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    if x[0] in x[1]:
        x[0] = 1


k((1,), (1,), (cp.zeros(2),))
