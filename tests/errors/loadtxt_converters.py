import cupy as cp

x = cp.loadtxt("/tmp/x.txt", ndmin=2,
               converters=float)
