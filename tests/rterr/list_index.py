# list index out of range
import sys

xs = [1, 2, 3]
xs.append(4)
print(xs[-1])
print(xs[len(sys.argv) + 3])
