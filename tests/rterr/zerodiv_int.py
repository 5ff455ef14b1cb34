# ZeroDivisionError of Python ints
import sys

total = 10
d = len(sys.argv) - 1        # 0 when run without arguments
print(total // 3)
print(total // d)
