import sys

print("x", file=5)
