# a reshape that fails at run time (the size comes from the command line)
import sys
import cupy as cp

a = cp.arange(len(sys.argv) + 5)  # 6 elements when run without arguments
print(a.reshape(2, 3))
print(a.reshape(4, 2))
