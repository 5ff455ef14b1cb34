import cupy as cp

m = cp.zeros((2, 2))
rows = m.tolist()
print(len(rows))
