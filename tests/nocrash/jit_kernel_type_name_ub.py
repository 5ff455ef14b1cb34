# fuzz (issue 24, 4-job campaign at 2a6e464): naming a jit.rawkernel in an error message indexed past the kind names (UBSan)
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x):
 
   x[0] = [1, 2][0]

(
(k,1,) (1,), (cp.zeros(2),))
