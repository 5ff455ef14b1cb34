# the starred name would take items of two types: gpyc makes it a list of one
a, *b = (1, "x", 2.5)
print(a, b)
