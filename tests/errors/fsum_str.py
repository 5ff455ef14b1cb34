import math

words = ["a", "b"]
print(math.fsum(words))
