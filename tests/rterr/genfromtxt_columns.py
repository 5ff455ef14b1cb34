# cp.genfromtxt of rows of different widths: NumPy's ValueError listing each bad line (the
# last line of the message: the second bad line).
import cupy as cp

P = "/tmp/gpyc-rterr-genfromtxt_columns.txt"
cp.savetxt(P, cp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), fmt="%g %g\n%g")
print(cp.genfromtxt(P, ndmin=2))
