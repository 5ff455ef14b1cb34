# einsum: three operands, the third's 'k' (known only at run time) clashes with the others'
import sys
import cupy as cp

n = len(sys.argv)
print(cp.einsum('ij,jk,kl->il', cp.ones((2, 3)), cp.ones((3, 5)), cp.ones((n + 3, 5 * n))))
