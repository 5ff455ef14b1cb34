# polyvander with a negative degree known at run time: NumPy's ValueError.
import cupy as cp

d = int(cp.arange(3).sum()) - 4
print(cp.polynomial.polynomial.polyvander(cp.ones(3), d))
