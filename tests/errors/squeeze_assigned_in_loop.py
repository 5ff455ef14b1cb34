import cupy as cp

z = cp.zeros((1, 3))
for i in range(2):
    print(z.squeeze())
    z = cp.zeros((2, 3))
