import math

print(math.hypot(3.0, y=4.0))
