# einsum: a summed letter whose sizes differ only at run time (3 and 4 here): NumPy's nditer
# message with both operands' shapes, original and remapped
import sys
import cupy as cp

k = len(sys.argv) + 2
a = cp.ones((2, k))
b = cp.ones((4, 5))
print(cp.einsum('ij,jk->ik', a, b))
