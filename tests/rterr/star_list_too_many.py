# f(*xs) of a list longer than f's positional parameters: Python's TypeError, the count made at run time
import sys


def area(w, h=1):
    return w * h


dims = [int(a) for a in '3 4 5'.split()]
print(area(*dims[:1]), area(*dims[:2]))
print(area(*dims))
