import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    i = jit.threadIdx.x
    x[i] = 0.0


k((1,), (4,), (cp.zeros((2, 2)),))
