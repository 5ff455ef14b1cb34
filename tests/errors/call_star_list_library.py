import cupy as cp

shape = [2, 3]
print(cp.zeros(*shape))
