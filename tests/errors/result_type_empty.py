import cupy as cp

print(cp.result_type())
