import sys

name = sys.argv[0]
print(name.upper())
