import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    s = 1
    s = jit.shared_memory(cp.float32, 4)


k((1,), (1,), (cp.zeros(2),))
