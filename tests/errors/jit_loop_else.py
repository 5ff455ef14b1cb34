import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    for i in range(3):
        x[i] = 1
    else:
        x[0] = 2


k((1,), (1,), (cp.zeros(4),))
