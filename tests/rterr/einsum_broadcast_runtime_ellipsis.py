# einsum: '...' dimensions that do not broadcast, known only at run time
import sys
import cupy as cp

n = len(sys.argv)
x = cp.ones((n + 1, 3, 4))
y = cp.ones((n + 2, 1, 4))
print(cp.einsum('...j,...j->...', x, y))
