import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    jiHt.atomic_d%a(d, 0, 1)


k((1,), (1,), (cp.zeros(2), 3))
