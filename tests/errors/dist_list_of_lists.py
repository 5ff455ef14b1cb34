import math

p = [[1.0, 2.0], [3.0, 4.0]]
print(math.dist(p, p))
