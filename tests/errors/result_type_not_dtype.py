import cupy as cp

print(cp.result_type(cp.int8, None))
