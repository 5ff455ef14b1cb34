# polycompanion of coefficients that trim to one (all zeros): NumPy's ValueError.
import cupy as cp

c = cp.zeros(int(cp.arange(4).sum()))
print(cp.polynomial.polynomial.polycompanion(c))
