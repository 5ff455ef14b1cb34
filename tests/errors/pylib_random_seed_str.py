import random

random.seed("abc")
print(random.random())
