# polycompanion of no coefficients: NumPy's ValueError.
import cupy as cp

c = cp.ones(int(cp.arange(3).sum()) - 3)
print(cp.polynomial.polynomial.polycompanion(c))
