# einsum: the second operand's repeated letter has sizes that differ only at run time
import sys
import cupy as cp

n = len(sys.argv)
print(cp.einsum('i,jj->ij', cp.ones(3), cp.ones((n + 3, n + 4))))
