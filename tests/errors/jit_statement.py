import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    assert x[0] == 0


k((1,), (1,), (cp.zeros(2),))
