import cupy as cp

shape = (2, 3)
x = cp.zeros(**shape)
print(x)
