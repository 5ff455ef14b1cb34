# the counter of a range loop that ran no iteration, read after it in a function
import sys


def last_index(n):
    for i in range(n):
        pass
    return i


print(last_index(3))
print(last_index(len(sys.argv) - 1))
