# a tuple's elements are typed one by one: its index is a constant
import sys
t = (1, "a", 2.5)
print(t[len(sys.argv)])
