# format_float_positional(unique=False) without a precision, unique known only at run time:
# NumPy's TypeError
import cupy as cp

u = int(cp.arange(3).sum()) > 5
print(cp.format_float_positional(2.5, unique=u, precision=2))
print(cp.format_float_positional(2.5, unique=u))
