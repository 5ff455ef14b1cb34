import sys
import cupy as cp

n = len(sys.argv)
print(cp.split(cp.arange(6), n))
