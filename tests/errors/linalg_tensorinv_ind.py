import cupy as cp

print(cp.linalg.tensorinv(cp.eye(4).reshape(2, 2, 4), ind=0))
