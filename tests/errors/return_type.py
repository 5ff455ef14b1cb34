import sys

import cupy as cp


def f(n):
    if n > 0:
        return 1.0
    return cp.zeros(2)


print(f(len(sys.argv)))
