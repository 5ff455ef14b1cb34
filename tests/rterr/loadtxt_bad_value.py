# cp.loadtxt of a field that is not a number: NumPy's ValueError with the row (data rows from
# 0) and column (from 1) of the field.
import cupy as cp

P = "/tmp/gpyc-rterr-loadtxt_bad_value.txt"
cp.savetxt(P, cp.array([[1.0, 2.0], [3.0, 4.0]]), fmt="%g %g x")
print(cp.loadtxt(P, usecols=(0, 2)))
