import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    v = 1.0
    x[0] = v


k((1,), (1,), (cp.zeros(2, dtype=cp.complex64),))
