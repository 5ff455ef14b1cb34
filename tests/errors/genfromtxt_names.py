import cupy as cp

x = cp.genfromtxt("/tmp/x.txt", ndmin=2,
                  names=True)
