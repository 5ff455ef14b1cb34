import math

print(math.comb(5.0, 2))
