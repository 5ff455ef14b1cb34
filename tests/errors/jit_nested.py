import cupy as cp
from cupyx import jit


def outer():
    @jit.rawkernel()
    def k(x):
        x[0] = 1

    k((1,), (1,), (cp.zeros(2),))


outer()
