import sys
s = "a=b" + str(len(sys.argv))
print(s.partition("="))
print(s.rpartition(s[4:]))
