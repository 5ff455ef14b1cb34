import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    for v in [1, 2]:
        x[0] = v


k((1,), (1,), (cp.zeros(2),))
