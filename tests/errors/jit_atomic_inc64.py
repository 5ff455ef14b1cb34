import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
    jit.atomic_inc(x, 0, 5)


k((1,), (4,), (cp.zeros(2, dtype=cp.int64),))
