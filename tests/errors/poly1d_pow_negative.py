import cupy as cp

p = cp.poly1d([1, 2])
q = p ** -1
