import sys

import cupy as cp

n = len(sys.argv)
x = cp.loadtxt("/tmp/x.txt", ndmin=2, usecols=(0,
                                               n))
