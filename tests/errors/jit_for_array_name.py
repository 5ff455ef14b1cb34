import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    for x in range(3):
        pass


k((1,), (1,), (cp.zeros(2),))
