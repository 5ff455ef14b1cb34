# max(xs, default=0) among floats: the result has one type (Python would print the int 0)
import sys
n = len(sys.argv)
xs = [x * 1.5 for x in range(n) if x > 5]
print(max(xs, default=0))
