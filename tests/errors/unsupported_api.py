import cupy as cp

a = cp.arange(3)
b = cp.format_float_positional(a)
