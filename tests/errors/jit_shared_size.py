import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    s = jit.shared_memory(cp.float32, n)


k((1,), (1,), (cp.zeros(2), 4))
