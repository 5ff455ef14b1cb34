import cupy as cp

m = cp.ones(3)
print(m.std(ddof="1"))
