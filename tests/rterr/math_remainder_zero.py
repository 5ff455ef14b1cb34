import math

for y in [2.0, 0.0]:
    print(math.remainder(5.0, y))
