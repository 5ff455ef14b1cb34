# A dict holding itself inside a tuple value.
d = {}
d[1] = (d, 1)
print(len(d))
