import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    jit.syncthreads(1)


k((1,), (1,), (cp.zeros(2),))
