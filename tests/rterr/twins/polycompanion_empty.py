# The NumPy twin of polycompanion_empty.py (the oracle's cupy has no cupy.polynomial).
import numpy as cp

c = cp.ones(int(cp.arange(3).sum()) - 3)
print(cp.polynomial.polynomial.polycompanion(c))
