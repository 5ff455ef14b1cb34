import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    x[0] = jit.shared_memory(cp.float32, 4)[0]


k((1,), (1,), (cp.zeros(2),))
