import cupy as cp

r = cp.c_[cp.ones((2, 2, 2)), cp.ones(2)]
print(r)
