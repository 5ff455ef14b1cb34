# Names that NumPy 1.x has and NumPy 2 removed (cupy.float_, complex_, round_): gpyc still
# compiles them as CuPy's reference lists them.
import cupy as cp

x = cp.array([0.25, 1.5, -2.75])
print(x.astype(cp.float_), cp.float_(3.5))
print(x.astype(cp.complex_), cp.complex_(2.0))
print(cp.round_(x), cp.round_(x, 1))
