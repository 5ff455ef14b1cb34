import sys

import cupy as cp

# einsum(optimize='greedy'): the third operand's 'k' (known only at run time) clashes with the
# second's; NumPy's einsum_path names the first size seen, then the operand's
n = len(sys.argv)
print(cp.einsum('ij,jk,kl->il', cp.ones((2, 3)), cp.ones((3, 5)), cp.ones((n + 3, 5 * n)), optimize='greedy'))
