import cupy as cp

print(cp.broadcast_to(cp.ones((2, 3)), (3,)))
