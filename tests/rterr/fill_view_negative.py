# d = empty(s); d[:] = v; read d once (fillview.c: d is never made): empty's ValueError for a
# negative dimension, raised where empty was
import sys
import cupy as cp

n = len(sys.argv) - 2  # -1 without arguments
d = cp.empty((n, 3))
print("made")
d[:] = cp.ones((1, 3))
print(d + 1.0)
