# d = empty(s); d[:] = v; read d once (fillview.c: d is read as v's store view): the store's
# ValueError when v does not broadcast to s
import sys
import cupy as cp

n = len(sys.argv) + 2  # 3 without arguments
d = cp.empty((2, n))
d[:] = cp.ones((2, n + 1))
print(d * 2.0)
