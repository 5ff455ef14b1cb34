# str.index of a missing substring: ValueError at run time
import sys

s = sys.argv[0]
print(s.find("@@"))
print(s.index("@@"))
