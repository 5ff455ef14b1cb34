import cupy as cp

x = cp.ones(3)
if x.sum() > 2
    print(x)
