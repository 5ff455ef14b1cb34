# cp.asarray_chkfinite of an array holding a nan: NumPy's ValueError.
import cupy as cp

print(cp.asarray_chkfinite(cp.array([1.0, cp.nan, 2.0])))
