import cupy as cp

s = cp.array2string(cp.arange(3), style=repr)
