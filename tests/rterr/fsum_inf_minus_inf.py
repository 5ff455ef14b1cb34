# math.fsum of inf and -inf: CPython's ValueError.
import math

print(math.fsum([float("inf"), 2.0]))
print(math.fsum([float("inf"), 1.0, -float("inf")]))
