import sys

for c in sys.argv[0]:
    print(c)
