# NumPy twin of rterr/as_strided_negative.py: CuPy's ndarray() words for a negative dimension
# ("Negative dimensions are not allowed"), where NumPy's as_strided says "negative dimensions
# are not allowed".
import numpy as np
from numpy.lib.stride_tricks import as_strided

x = np.arange(6.0)
n = int(x.size) - 8
print(as_strided(x, shape=(2,), strides=(8,)))
if n < 0:
    raise ValueError("Negative dimensions are not allowed")
