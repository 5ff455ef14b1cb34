# x.set(arr) of an array whose shape differs from x's at run time (n comes from the command
# line): CuPy's ValueError with both shapes.  Twin: twins/device_set_shape.py (NumPy has no set)
import sys
import cupy as cp
import numpy as np

n = len(sys.argv) + 2        # 3 when run without arguments
x = cp.zeros((2, 4))
x.set(np.ones((2, 4)))
print(x.sum())
x.set(np.ones((2, n)))
print(x)
