# int(s, base) of a literal with a digit beyond the base: CPython's ValueError
import sys
s = "12" + "9" * len(sys.argv)
print(int(s[:2], 8))
print(int(s, 8))
