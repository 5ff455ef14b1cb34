# a name deleted on one path, read after the paths join
import sys

x = 1
if len(sys.argv) > 5:
    x = 2
else:
    del x
print(x)
