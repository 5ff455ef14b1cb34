# The table's ndim is fixed when compiling (here 2, from the savetxt of a 2-d array); a file
# that NumPy squeezes to another is a TypeError naming both.
import sys

import cupy as cp

P = "/tmp/gpyc-rterr-loadtxt_ndim.txt"
cp.savetxt(P, cp.ones((2, 2)))
cp.savetxt(P if len(sys.argv) < 5 else P + "x", cp.ones((1, 2)))
print(cp.loadtxt(P))
