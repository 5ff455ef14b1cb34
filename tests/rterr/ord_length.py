import sys
s = "ab" + str(len(sys.argv))
print(ord(s[0]))
print(ord(s))
