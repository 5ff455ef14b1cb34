# ZeroDivisionError of Python floats
import sys

x = 2.5
d = float(len(sys.argv) - 1)
print(x / 2)
print(x / d)
