# format_float_positional with a negative pad_left known only at run time: NumPy's ValueError
import cupy as cp

n = int(cp.arange(3).sum()) - 4
print(cp.format_float_positional(2.5, pad_left=n + 3))
print(cp.format_float_positional(2.5, pad_left=n))
