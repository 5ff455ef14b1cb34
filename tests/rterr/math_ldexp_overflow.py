import math

for n in [1000, 1100]:
    print(math.ldexp(1.5, n))
