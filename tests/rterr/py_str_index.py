# str.index of a missing substring: ValueError at run time
import sys

s = "abc" * len(sys.argv)
print(s.find("z"))
print(s.index("z"))
