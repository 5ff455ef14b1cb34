import cupy as cp

print(cp.promote_types(cp.int8, None))
