# zip of a name bound to a tuple whose elements differ in type with a list: the loop is written
# out per element only when every iterable is a tuple; the message says which one is not
t = (1, 'a', 2.5)
for a, b in zip(t, [1, 2, 3]):
    print(a, b)
