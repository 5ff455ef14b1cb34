# pow(base, exp, 0): CPython's ValueError
import sys
m = len(sys.argv) - 1
print(pow(3, 4, 5))
print(pow(3, 4, m))
