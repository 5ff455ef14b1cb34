# a module name bound only in the body of a loop that ran no iteration
import sys

n = len(sys.argv) - 1
for i in range(n):
    final = i
print(final)
