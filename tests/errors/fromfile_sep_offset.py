import cupy as cp

x = cp.fromfile("/tmp/x.txt", sep=",",
                offset=8)
