# split into sections that do not divide the axis
import sys
import cupy as cp

x = cp.arange(len(sys.argv) + 6)   # 7 elements when run without arguments
print(len(cp.split(x, 7)))
print(cp.split(x, 2))
