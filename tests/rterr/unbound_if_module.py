# a module name bound in one branch of an if only, read where that branch did not run
import sys

if len(sys.argv) > 5:
    y = 1
print(y)
