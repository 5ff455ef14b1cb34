import cupy as cp

m = cp.ones((2, 3))
print(m.argmax(axis=(0, 1)))
