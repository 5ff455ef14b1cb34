import cupy as cp

print(cp.random.noncentral_f(3.0, 0.0, 1.0))
