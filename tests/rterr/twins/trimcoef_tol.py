# The NumPy twin of trimcoef_tol.py (the oracle's cupy has no cupy.polynomial).
import numpy as cp

tol = float(cp.arange(3).sum()) - 4.0
print(cp.polynomial.polyutils.trimcoef(cp.array([1.0, 0.0]), tol))
