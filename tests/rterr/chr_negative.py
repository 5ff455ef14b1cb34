import sys
i = len(sys.argv) - 2
print(chr(i))
