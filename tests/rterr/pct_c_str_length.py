# '%c' % s of a str of two characters: CPython's TypeError
import sys
s = "ab"[: len(sys.argv)]
print("%c" % s)
s = "ab"[: len(sys.argv) + 1]
print("%c" % s)
