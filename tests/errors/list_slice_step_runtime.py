import sys

xs = [1, 2, 3]
step = len(sys.argv)
print(xs[::step])
