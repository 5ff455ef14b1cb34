# del l[i] with i out of range: Python's IndexError (not pop's wording)
import sys

xs = [1, 2, 3]
del xs[-3]
print(xs)
del xs[len(sys.argv) + 1]
