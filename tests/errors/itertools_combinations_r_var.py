import itertools
import sys

r = len(sys.argv)
print(list(itertools.combinations([1, 2, 3], r)))
