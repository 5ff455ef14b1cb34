import sys
s = "012"[: len(sys.argv) + 2]
print(int(s, 10))
print(int(s, 0))
