# einsum: a letter repeated in one operand whose sizes differ only at run time (2 and 3)
import sys
import cupy as cp

n = len(sys.argv)
t = cp.ones((n + 1, n + 2, 4))
print(cp.einsum('iij->j', t))
