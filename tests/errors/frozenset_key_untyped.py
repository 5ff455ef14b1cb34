# a frozenset whose elements have no type yet cannot be a key
d = {}
d[frozenset()] = 1
print(d)
