# random.randrange of an empty range: CPython's ValueError
import random
import sys

random.seed(1)
n = len(sys.argv) + 4
print(random.randrange(n))
print(random.randrange(n, n))
