import cupy as cp
import sys

k = len(sys.argv)
print(cp.ones((2, 2)).sum(axis=k))
