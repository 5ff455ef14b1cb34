import math

del math.pi
