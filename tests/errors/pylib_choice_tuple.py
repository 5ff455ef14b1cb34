import random

print(random.choice((1, 2, 3)))
