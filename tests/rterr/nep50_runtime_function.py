# NEP 50 at run time inside a user function (its argument only known at run time) and on a
# 0-d NumPy scalar
import sys
import cupy as cp


def scale(a, s):
    return a * s + 1


x = cp.array([1, 2, 3], dtype=cp.uint8)
k = len(sys.argv)
print(scale(x, 50 * k), cp.int8(5) + 122 * k)
print(scale(x, 256 * k))
