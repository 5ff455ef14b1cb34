import sys
n = len(sys.argv)
xs = [x for x in range(n) if x > 5]
print(max(xs, default=None))
