import sys
s = "ab" * (len(sys.argv) - 1)
print(ord(s))
