import cupy as cp

print(cp.kron(2, cp.ones(2)))
