import cupy as cp

print(cp.format_float_positional(1.5, trim="x"))
