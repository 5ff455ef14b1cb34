# trimcoef with a negative tolerance known at run time: NumPy's ValueError.
import cupy as cp

tol = float(cp.arange(3).sum()) - 4.0
print(cp.polynomial.polyutils.trimcoef(cp.array([1.0, 0.0]), tol))
