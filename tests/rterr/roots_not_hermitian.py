# cp.roots of a cubic: CuPy 14 takes only degree 1 and the Hermitian companion matrices of
# degree 2 (cupy/lib/_routines_poly.py), its NotImplementedError otherwise.  Expected from
# twins/roots_not_hermitian.py (NumPy's roots computes the roots).
import cupy as cp

print(cp.roots(cp.array([1.0, 3.0, -1.0])))
print(cp.roots(cp.array([1.0, -6.0, 11.0, -6.0])))
