import sys
s = "abc" + str(len(sys.argv))
k = len(sys.argv) - 1
print(s[::k])
