import sys

xs = [1, 2, 3, 4]
del xs[::len(sys.argv)]
