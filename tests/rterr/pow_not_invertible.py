# pow(base, -1, mod) of a base sharing a factor with mod: CPython's ValueError
import sys
b = len(sys.argv) + 5
print(pow(3, -1, 7))
print(pow(b, -1, 12))
