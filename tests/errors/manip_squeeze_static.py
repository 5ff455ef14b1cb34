import cupy as cp

print(cp.zeros((2, 3)).squeeze(axis=0))
