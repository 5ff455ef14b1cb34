# einsum's interleaved form: sizes that differ at run time give the same message as the string
import sys
import cupy as cp

n = len(sys.argv)
print(cp.einsum(cp.ones((2, n + 2)), [0, 1], cp.ones((n + 3, 2)), [1, 2], [0, 2]))
