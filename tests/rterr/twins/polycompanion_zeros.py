# The NumPy twin of polycompanion_zeros.py (the oracle's cupy has no cupy.polynomial).
import numpy as cp

c = cp.zeros(int(cp.arange(4).sum()))
print(cp.polynomial.polynomial.polycompanion(c))
