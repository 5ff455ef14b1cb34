import sys
b = len(sys.argv) + 36
print(int("z", b - 1))
print(int("z", b))
