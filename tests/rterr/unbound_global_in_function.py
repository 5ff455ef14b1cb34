# a module name bound in one branch only, read by a function called where it is unbound
import sys

n = len(sys.argv)
if n > 5:
    g = 7


def f():
    return g + 1


print(f())
