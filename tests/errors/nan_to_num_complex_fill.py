import cupy as cp

x = cp.nan_to_num(cp.array([1.0]), nan=1j)
