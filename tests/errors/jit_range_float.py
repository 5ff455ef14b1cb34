import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    for i in range(2.5):
        x[0] = 1


k((1,), (1,), (cp.zeros(2),))
