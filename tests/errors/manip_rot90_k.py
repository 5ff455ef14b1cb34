import cupy as cp

print(cp.rot90(cp.ones((2, 2)), k=len([1])))
