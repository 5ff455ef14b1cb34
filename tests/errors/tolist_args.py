import cupy as cp

m = cp.zeros(2)
print(m.tolist(1))
