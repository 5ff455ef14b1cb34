# '%c' % i past the last code point: CPython's OverflowError
import sys
i = len(sys.argv) + 0x10ffff
print("%c" % (i - 2))
print("%c" % i)
