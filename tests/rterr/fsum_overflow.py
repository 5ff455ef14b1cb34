# math.fsum whose finite summands overflow: CPython's OverflowError.
import math

print(math.fsum([1.0, 2.0]))
print(math.fsum([1e308, 1.0, 1e308]))
