# a tuple's length is static: its slice takes constant bounds
import sys
t = (1, 2, 3)
k = len(sys.argv)
print(*t[k:])
