import sys
n = len(sys.argv)
t = (1, 2) * n
