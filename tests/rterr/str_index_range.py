import sys
s = "abc" + str(len(sys.argv))
print(s[-4])
print(s[4])
