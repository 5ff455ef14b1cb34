# a tuple of two element types appended to a list
l = [1]
l += (2, "a")
print(l)
