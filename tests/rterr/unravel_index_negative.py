import cupy as cp

# the first offending index in C order is reported
idx = cp.array([[3, 5], [-2, 200]], dtype=cp.int32)
print(cp.unravel_index(idx, (4, 6)))
