import math

for math in range(3):
    print(math)
