# The NumPy twin of polyvander_neg_deg.py (the oracle's cupy has no cupy.polynomial).
import numpy as cp

d = int(cp.arange(3).sum()) - 4
print(cp.polynomial.polynomial.polyvander(cp.ones(3), d))
