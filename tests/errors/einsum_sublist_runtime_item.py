import cupy as cp
import sys

a = cp.ones((2, 3))
print(cp.einsum(a, [0, len(sys.argv)]))
