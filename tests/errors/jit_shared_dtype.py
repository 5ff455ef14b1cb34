import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    s = jit.shared_memory(x, 4)


k((1,), (1,), (cp.zeros(2),))
