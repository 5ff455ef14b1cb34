import cupy as cp

z = cp.zeros((1, 3))
print(cp.squeeze(z))
