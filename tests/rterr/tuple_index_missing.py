# tuple.index of a value the tuple does not hold: Python's ValueError
t = (1, 2, 3)
print(t.index(2))
print(t.index(7))
