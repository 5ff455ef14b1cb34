# a name that is None on the path taken, read as the value it has on the other path
import cupy as cp

x = cp.arange(3.0)
m = None
if float(x.sum()) > 100:
    m = x.max()
print(m + 1)
