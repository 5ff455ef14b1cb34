import cupy as cp

x = cp.ones((2, 3))
for i in range(3):
    x = x.ravel() + i
print(x)
