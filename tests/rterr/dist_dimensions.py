# math.dist of points of different lengths: CPython's ValueError.
import math

print(math.dist([1.0, 2.0], [4.0, 6.0]))
p = [1.0, 2.0, 3.0]
print(math.dist(p, p[:2]))
