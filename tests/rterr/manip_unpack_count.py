# unpacking split's list into the wrong number of names
import sys
import cupy as cp

n = len(sys.argv) + 2        # 3 when run without arguments
a, b = cp.split(cp.arange(6), [n])
print(a, b)
a, b = cp.split(cp.arange(6), [1, n])
print(a, b)
