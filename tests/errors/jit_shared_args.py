import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    s = jit.shared_memory(cp.float32)


k((1,), (1,), (cp.zeros(2),))
