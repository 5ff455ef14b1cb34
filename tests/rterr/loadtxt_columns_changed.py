# cp.loadtxt of rows of different widths (a newline inside savetxt's format): NumPy's
# ValueError, rows counted from 1.
import cupy as cp

P = "/tmp/gpyc-rterr-loadtxt_columns_changed.txt"
cp.savetxt(P, cp.array([[1.0, 2.0, 3.0]]), fmt="%g %g\n%g")
print(cp.loadtxt(P, ndmin=2))
